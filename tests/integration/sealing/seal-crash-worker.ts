/**
 * A second app process for tests/integration/sealing/seal-crash.test.ts: it works the test's
 * own sealing queue (SEAL_QUEUE_NAME) on the same PostgreSQL database and storage, with the
 * SEALING_PAUSE_AFTER_STORE hook set, so its run stops right after storing the sealed copy and
 * waits there to be killed.
 */
import { openQueue } from "@/lib/jobs/queue";
import { crashTestJob } from "./seal-crash-job";

const name = process.env.SEAL_QUEUE_NAME;
if (!name) throw new Error("SEAL_QUEUE_NAME is not set");
await openQueue({ work: true, jobs: [crashTestJob(name)], pollingIntervalSeconds: 0.5 });
console.log("worker ready");
