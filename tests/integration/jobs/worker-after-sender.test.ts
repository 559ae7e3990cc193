import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { defineJob } from "@/lib/jobs/job";
import { enqueue, openQueue, prepareJobs, startJobs, stopJobs } from "@/lib/jobs/queue";

/**
 * A process whose first request sends a job before its worker starts (instrumentation.ts starts
 * it once the server is up) still becomes a worker: the sender opened for that request does not
 * stand in for the worker, and jobs sent afterwards run here.
 */
const ran: string[] = [];
const job = defineJob({
  name: `testWorkerAfterSender${randomUUID().slice(0, 8)}`,
  description: "Notes its runs.",
  input: z.object({ word: z.string() }),
  run: async (_ctx, { word }) => {
    ran.push(word);
  },
});

afterAll(async () => {
  await stopJobs();
  const cleaner = await openQueue({ work: false, jobs: [] });
  if (await cleaner.boss.getQueue(job.name)) await cleaner.boss.deleteQueue(job.name);
  await cleaner.stop();
});

describe("the process's job worker", () => {
  it("starts after a request has already opened a sender, and works the jobs sent", { timeout: 60_000 }, async () => {
    // An early request: the process opens a queue to send through.
    await prepareJobs();
    const worker = await startJobs({ jobs: [job], pollingIntervalSeconds: 0.5 });
    expect(worker?.working).toBe(true);
    // A second call starts nothing new.
    expect(await startJobs()).toBe(worker);

    const id = await enqueue(job, { word: "worked" });
    await vi.waitFor(async () => expect((await worker!.boss.getJobById(job.name, id!))?.state).toBe("completed"), {
      timeout: 30_000,
      interval: 250,
    });
    expect(ran).toEqual(["worked"]);
  });
});
