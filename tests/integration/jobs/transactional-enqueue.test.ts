import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { db } from "@/lib/db";
import { defineJob } from "@/lib/jobs/job";
import { enqueue, openQueue, prepareJobs, stopJobs, type JobQueue } from "@/lib/jobs/queue";

/**
 * A job enqueued with `{ tx }` is written in the caller's Prisma transaction (issue 37): it is
 * there exactly when the transaction commits, on the embedded database and on the server.
 */
const ran: string[] = [];
const job = defineJob({
  name: `testInTransaction${randomUUID().slice(0, 8)}`,
  description: "Notes its runs.",
  input: z.object({ word: z.string() }),
  run: async (_ctx, { word }) => {
    ran.push(word);
  },
});
let queue: JobQueue;

const jobsOf = async () =>
  db.$queryRawUnsafe<{ data: { word: string } }[]>(`SELECT data FROM pgboss.job WHERE name = $1 ORDER BY created_on`, job.name);

beforeAll(async () => {
  await prepareJobs();
  queue = await openQueue({ work: true, jobs: [job], pollingIntervalSeconds: 0.5 });
}, 60_000);

afterAll(async () => {
  await queue?.stop();
  const cleaner = await openQueue({ work: false, jobs: [] });
  if (await cleaner.boss.getQueue(job.name)) await cleaner.boss.deleteQueue(job.name);
  await cleaner.stop();
  await stopJobs();
});

describe("a job enqueued in a transaction", () => {
  it("is rolled back with a transaction that throws, and runs once committed with one that ends", { timeout: 60_000 }, async () => {
    const email = `tx-${randomUUID()}@example.com`;
    await expect(
      db.$transaction(async (tx) => {
        await tx.user.create({ data: { email, firstName: "Rolled", lastName: "Back" } });
        const id = await enqueue(job, { word: "lost" }, { tx });
        expect(id).toEqual(expect.any(String));
        // Inside the transaction the job is there…
        expect(await tx.$queryRawUnsafe<unknown[]>(`SELECT id FROM pgboss.job WHERE id = $1::uuid`, id)).toHaveLength(1);
        throw new Error("The change fails after the job was written.");
      }),
    ).rejects.toThrow("The change fails");
    // …and gone with it.
    expect(await db.user.findUnique({ where: { email } })).toBeNull();
    expect(await jobsOf()).toEqual([]);

    const id = await db.$transaction(async (tx) => {
      await tx.user.create({ data: { email: `tx-${randomUUID()}@example.com`, firstName: "Kept", lastName: "Here" } });
      return enqueue(job, { word: "kept" }, { tx });
    });
    expect((await jobsOf()).map((row) => row.data.word)).toEqual(["kept"]);
    await vi.waitFor(async () => expect((await queue.boss.getJobById(job.name, id!))?.state).toBe("completed"), {
      timeout: 30_000,
      interval: 250,
    });
    expect(ran).toEqual(["kept"]);
  });

  it("refuses an input that does not fit before writing anything", async () => {
    await expect(db.$transaction(async (tx) => enqueue(job, { word: 3 } as never, { tx }))).rejects.toThrow();
    expect((await jobsOf()).map((row) => row.data.word)).toEqual(["kept"]);
  });
});
