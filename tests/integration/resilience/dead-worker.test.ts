import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createInterface } from "node:readline";
import { afterAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { isEmbedded } from "@/lib/db";
import { defineJob } from "@/lib/jobs/job";
import { HEARTBEAT_SECONDS, openQueue, type JobQueue } from "@/lib/jobs/queue";

/**
 * A job held by a process that died comes back within two minutes (issue 37, item 6): a worker
 * process (dead-worker-process.ts) takes the job and is killed with SIGKILL; this process, a
 * worker with the product's settings (a job's heartbeat, the queues checked every 15 s, the
 * declared retry delay), runs it again. The job's expiry (15 minutes) is not what brings it back:
 * its heartbeat stops. Two processes on one database: the PostgreSQL server (DATABASE_URL).
 */
const name = `testDeadWorker${randomUUID().slice(0, 8)}`;
const ran: { id: string | null; at: number }[] = [];
const job = defineJob({
  name,
  description: "Notes when it runs.",
  input: z.object({ n: z.number().int() }),
  run: async (ctx) => {
    ran.push({ id: ctx.viaId, at: Date.now() });
  },
});
let child: ChildProcessWithoutNullStreams | undefined;
const queues: JobQueue[] = [];

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const queue of queues) await queue.stop();
  if (isEmbedded()) return;
  const cleaner = await openQueue({ work: false, jobs: [] });
  if (await cleaner.boss.getQueue(name)) await cleaner.boss.deleteQueue(name);
  await cleaner.stop();
});

describe.skipIf(isEmbedded())("a job whose process died", () => {
  it("is run again by another process within two minutes", { timeout: 240_000 }, async () => {
    const sender = await openQueue({ work: false, jobs: [job] });
    queues.push(sender);
    expect((await sender.boss.getQueue(name))?.heartbeatSeconds).toBe(HEARTBEAT_SECONDS);
    const messages: { type: string; id?: string; message?: string }[] = [];
    child = spawn(process.execPath, ["--import", "tsx", "tests/integration/resilience/dead-worker-process.ts", name], {
      env: process.env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    child.stderr.on("data", (chunk) => process.stderr.write(chunk));
    createInterface({ input: child.stdout }).on("line", (line) => {
      try {
        messages.push(JSON.parse(line));
      } catch {
        // A log line.
      }
    });
    await vi.waitFor(() => expect(messages.map((m) => m.type)).toContain("ready"), { timeout: 90_000, interval: 200 });
    const id = await sender.enqueue(job, { n: 1 });
    await vi.waitFor(() => expect(messages.find((m) => m.type === "started")?.id).toBe(id), { timeout: 30_000, interval: 100 });

    child.kill("SIGKILL");
    await new Promise((resolve) => child!.once("exit", resolve));
    const killedAt = Date.now();
    const worker = await openQueue({ work: true, jobs: [job], pollingIntervalSeconds: 0.5 });
    queues.push(worker);
    await vi.waitFor(() => expect(ran.map((r) => r.id)).toEqual([id]), { timeout: 150_000, interval: 500 });
    const seconds = (ran[0]!.at - killedAt) / 1000;
    console.info(`[dead worker] the job ran again ${seconds.toFixed(1)} s after its process was killed`);
    expect(seconds).toBeLessThan(120);
    const again = await worker.boss.getJobById(name, id!);
    expect(again).toMatchObject({ state: "completed", retryCount: 1 });
  });
});
