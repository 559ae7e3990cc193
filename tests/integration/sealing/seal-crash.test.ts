import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { readStored } from "@/lib/documents/stored-file";
import { openQueue, type JobQueue } from "@/lib/jobs/queue";
import { sealedKey } from "@/lib/sealing/seal-document";
import { readSealingState } from "@/lib/sealing/sealing-state";
import { storage } from "@/lib/storage/storage";
import { crashTestJob } from "./seal-crash-job";
import { signedDocument } from "./signed-document";

/**
 * Crash safety of sealing (issue 16): a worker process is killed after it stored the sealed copy
 * and before its transaction; once the queue runs again, the expired run is retried and finishes,
 * leaving exactly one Seal and one sealed version (the retry wrote the same storage key again).
 * Two processes need one database they both reach: this runs on the PostgreSQL server
 * (DATABASE_URL; .ci/run's second pass), not on the embedded one, which one process holds.
 */
const ROOT = path.resolve(import.meta.dirname, "../../..");
const onServer = !!process.env.DATABASE_URL;
const queues: JobQueue[] = [];
let child: ChildProcess | null = null;
const name = `sealCrash${randomUUID().slice(0, 8)}`;

afterAll(async () => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  for (const queue of queues) await queue.stop();
  if (!onServer) return;
  const cleaner = await openQueue({ work: false, jobs: [] });
  if (await cleaner.boss.getQueue(name)) await cleaner.boss.deleteQueue(name);
  await cleaner.stop();
});

describe("sealing after a crash", () => {
  it.skipIf(!onServer)("retries a run killed mid-seal and seals exactly once", { timeout: 180_000 }, async () => {
    const { document } = await signedDocument({ signers: [{}, {}] });
    const job = crashTestJob(name);
    const sender = await openQueue({ work: false, jobs: [job] });
    queues.push(sender);
    await sender.enqueue(job, { documentId: document.id });

    const marker = path.join(mkdtempSync(path.join(tmpdir(), "seal-crash-")), "stored");
    child = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "seal-crash-worker.ts")], {
      cwd: ROOT,
      env: { ...process.env, SEAL_QUEUE_NAME: name, SEALING_PAUSE_AFTER_STORE: marker, NODE_ENV: "test" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));

    // The worker stored the sealed copy and waits before its transaction: nothing is recorded yet.
    await vi.waitFor(() => expect(existsSync(marker), output).toBe(true), { timeout: 90_000, interval: 250 });
    expect(Number(readFileSync(marker, "utf8"))).toBe(child.pid);
    const key = sealedKey(
      document.accountId,
      document.id,
      (await db.documentContent.findFirstOrThrow({ where: { documentId: document.id } })).id,
    );
    expect(await storage().get(key)).not.toBeNull();
    expect(await db.seal.count({ where: { documentId: document.id } })).toBe(0);
    const during = await db.document.findUniqueOrThrow({ where: { id: document.id } });
    expect(readSealingState(during.metadata)).toMatchObject({ state: "sealing", attempts: 1 });

    // The process dies mid-seal.
    child.kill("SIGKILL");
    await new Promise((resolve) => child!.once("exit", resolve));

    // The queue runs again (this process, without the hook): the expired run is retried and finishes.
    const worker = await openQueue({ work: true, jobs: [job], pollingIntervalSeconds: 0.5 });
    queues.push(worker);
    await vi.waitFor(
      async () => {
        await worker.boss.supervise(name);
        expect(await db.seal.count({ where: { documentId: document.id } })).toBe(1);
      },
      { timeout: 120_000, interval: 1000 },
    );
    const seals = await db.seal.findMany({ where: { documentId: document.id } });
    const versions = await db.documentContent.findMany({ where: { documentId: document.id }, orderBy: { version: "asc" } });
    expect(seals).toHaveLength(1);
    expect(versions.map((v) => [v.version, v.readOnly])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(versions[1]!.path).toBe(key);
    // The stored file is the retry's, the one the Seal names.
    const { createHash } = await import("node:crypto");
    expect(
      createHash("sha256")
        .update(await readStored(key))
        .digest("hex"),
    ).toBe(seals[0]!.sha256);
    expect(await db.audit.count({ where: { targetId: document.id, eventType: "document.sealed" } })).toBe(1);
    const after = await db.document.findUniqueOrThrow({ where: { id: document.id } });
    expect(readSealingState(after.metadata)).toMatchObject({ state: "sealed", attempts: 2 });
  });
});
