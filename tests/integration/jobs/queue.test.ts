import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { defineJob } from "@/lib/jobs/job";
import { openQueue, type JobQueue } from "@/lib/jobs/queue";
import { JOBS } from "@/lib/registry/jobs";

/**
 * The durable queue on the database the tests run on (embedded, or the PostgreSQL server): two
 * queues opened here behave as two app processes on one database would. Each test job has its
 * own name, so the declared jobs (which act on every account) never run here.
 */
const opened: JobQueue[] = [];
const open = async (...args: Parameters<typeof openQueue>) => {
  const queue = await openQueue(...args);
  opened.push(queue);
  return queue;
};

const names: string[] = [];
const unique = (name: string) => {
  names.push(`test${name}${randomUUID().slice(0, 8)}`);
  return names.at(-1)!;
};

afterAll(async () => {
  for (const queue of opened) await queue.stop();
  // Leave the shared database as found: the test queues, their jobs and schedules.
  const cleaner = await openQueue({ work: false, jobs: [] });
  for (const name of names) {
    await cleaner.boss.unschedule(name);
    if (await cleaner.boss.getQueue(name)) await cleaner.boss.deleteQueue(name);
  }
  await cleaner.stop();
});

describe("the job queue", () => {
  it("runs each job once, as a system job, with two worker processes on one database", { timeout: 60_000 }, async () => {
    const runs: { n: number; via: string; viaId: string | null }[] = [];
    const count = defineJob({
      name: unique("Count"),
      description: "Counts its runs.",
      input: z.object({ n: z.number().int() }),
      run: async (ctx, { n }) => {
        runs.push({ n, via: ctx.via, viaId: ctx.viaId });
      },
    });
    const first = await open({ work: true, jobs: [count], pollingIntervalSeconds: 0.5 });
    const second = await open({ work: true, jobs: [count], pollingIntervalSeconds: 0.5 });
    const ids: (string | null)[] = [];
    for (let n = 0; n < 12; n++) ids.push(await (n % 2 ? first : second).enqueue(count, { n }));
    await vi.waitFor(() => expect(runs).toHaveLength(12), { timeout: 30_000, interval: 200 });
    // A little longer: a second run of any job would show up now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(runs.map((r) => r.n).sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
    expect(new Set(runs.map((r) => r.via))).toEqual(new Set(["system"]));
    expect(runs.map((r) => r.viaId).sort()).toEqual([...ids].sort());
  });

  it("refuses a job whose input does not fit its declaration, storing nothing", { timeout: 30_000 }, async () => {
    const strict = defineJob({
      name: unique("Strict"),
      description: "Takes an email.",
      input: z.object({ email: z.email() }),
      run: async () => {},
    });
    const queue = await open({ work: false, jobs: [strict] });
    await expect(queue.enqueue(strict, { email: "not an address" })).rejects.toThrow();
    expect(await queue.boss.getQueue(strict.name)).toMatchObject({ queuedCount: 0, activeCount: 0 });
  });

  it("retries a job that failed, and keeps its input", { timeout: 60_000 }, async () => {
    const attempts: string[] = [];
    const flaky = defineJob({
      name: unique("Flaky"),
      description: "Fails the first time.",
      input: z.object({ word: z.string() }),
      retryDelaySeconds: 1,
      run: async (_ctx, { word }) => {
        attempts.push(word);
        if (attempts.length === 1) throw new Error("The first attempt fails.");
      },
    });
    const queue = await open({ work: true, jobs: [flaky], pollingIntervalSeconds: 0.5 });
    const id = await queue.enqueue(flaky, { word: "again" });
    await vi.waitFor(async () => expect((await queue.boss.getJobById(flaky.name, id!))?.state).toBe("completed"), {
      timeout: 30_000,
      interval: 250,
    });
    expect(attempts).toEqual(["again", "again"]);
  });

  it("keeps one schedule per declared job however many processes start", { timeout: 30_000 }, async () => {
    const hourly = defineJob({
      name: unique("Hourly"),
      description: "On the hour.",
      input: z.object({}),
      schedule: "0 * * * *",
      run: async () => {},
    });
    const first = await open({ work: true, jobs: [hourly], pollingIntervalSeconds: 5 });
    await open({ work: true, jobs: [hourly], pollingIntervalSeconds: 5 });
    const schedules = await first.boss.getSchedules(hourly.name);
    expect(schedules.map((s) => ({ name: s.name, cron: s.cron, timezone: s.timezone }))).toEqual([
      { name: hourly.name, cron: "0 * * * *", timezone: "UTC" },
    ]);
  });

  it("declares the product's jobs with valid schedules", () => {
    expect(JOBS.map((job) => [job.name, job.schedule])).toEqual([
      ["documentExpiry", "0 * * * *"],
      ["pdfTextBackfill", "*/10 * * * *"],
      ["emailDelivery", undefined],
      ["sealDocument", undefined],
      ["reminders", "* * * * *"],
      ["signatureReminders", "15 * * * *"],
      ["billingWebhook", undefined],
      ["billingRenewals", "20 * * * *"],
      ["replacedTemplateFile", undefined],
    ]);
  });
});
