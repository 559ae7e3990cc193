/**
 * A worker process for tests/integration/resilience/dead-worker.test.ts: it works the test's
 * queue (argv[2]) on the PostgreSQL database (DATABASE_URL) with the product's settings, says
 * {"type":"started","id":…} when it takes a job, and then holds it without end, until the test
 * kills it with SIGKILL.
 * Run: npx tsx tests/integration/resilience/dead-worker-process.ts <queueName>
 */
import { z } from "zod";
import { defineJob } from "@/lib/jobs/job";
import { openQueue } from "@/lib/jobs/queue";

const say = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);

const held = defineJob({
  name: process.argv[2]!,
  description: "Takes a job and never finishes it.",
  input: z.object({ n: z.number().int() }),
  run: async (ctx) => {
    say({ type: "started", id: ctx.viaId });
    await new Promise(() => {});
  },
});

openQueue({ work: true, jobs: [held], pollingIntervalSeconds: 0.5 })
  .then(() => say({ type: "ready" }))
  .catch((error) => {
    say({ type: "error", message: String(error) });
    process.exit(1);
  });
