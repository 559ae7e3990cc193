import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { db, isEmbedded } from "@/lib/db";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { listenForEvents, pubsub, type DocumentSigningEvent } from "@/lib/events/pubsub";
import { defineJob } from "@/lib/jobs/job";
import { openQueue, type JobQueue } from "@/lib/jobs/queue";
import { createReminder } from "@/lib/reminders/reminders";
import { remindersJob } from "@/lib/reminders/reminders-job";
import { createAccount, signedInAs } from "@/tests/factories";
import { makeDocx } from "@/tests/fixtures/docx";
import { startWebSocketServer, subscribeOverWebSocket } from "@/tests/factories/live";

/**
 * Two app processes on one PostgreSQL database (issue 16): this test's process and a second
 * Node process (tests/integration/live/second-process.ts). A job runs once whichever picks it,
 * the reminders job sends once, and a live event published in one reaches subscribers of the
 * other, both ways. The embedded database lives inside one process, so this needs the server
 * (DATABASE_URL); without it the file is skipped.
 */
type Message = { type: string; n?: number; payload?: DocumentSigningEvent; message?: string };

const jobName = `testTwoProcesses${randomUUID().slice(0, 8)}`;
const documentId = `live-${randomUUID()}`;
let child: ChildProcessWithoutNullStreams;
const fromChild: Message[] = [];
let queue: JobQueue;
const ranHere: number[] = [];

const counted = defineJob({
  name: jobName,
  description: "Counts its runs in this process.",
  input: z.object({ n: z.number().int() }),
  run: async (_ctx, { n }) => {
    ranHere.push(n);
  },
});

const send = (command: object) => child.stdin.write(`${JSON.stringify(command)}\n`);
const received = (type: string) => fromChild.filter((m) => m.type === type);

describe.skipIf(isEmbedded())("two app processes on one database", () => {
  beforeAll(async () => {
    child = spawn(process.execPath, ["--import", "tsx", "tests/integration/live/second-process.ts", jobName, documentId], {
      env: { ...process.env, JOBS_POLLING_SECONDS: "0.5" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    child.stderr.on("data", (chunk) => process.stderr.write(chunk));
    createInterface({ input: child.stdout }).on("line", (line) => {
      try {
        fromChild.push(JSON.parse(line) as Message);
      } catch {
        // Not a message of ours (a log line).
      }
    });
    await vi.waitFor(
      () => {
        expect(received("error")).toEqual([]);
        expect(received("ready")).toHaveLength(1);
      },
      { timeout: 90_000, interval: 200 },
    );
    queue = await openQueue({ work: true, jobs: [counted, remindersJob], pollingIntervalSeconds: 0.5 });
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      send({ stop: true });
      await new Promise((resolve) => child.once("exit", resolve));
    }
    await queue?.stop();
    const cleaner = await openQueue({ work: false, jobs: [] });
    await cleaner.boss.unschedule(remindersJob.name);
    if (await cleaner.boss.getQueue(jobName)) await cleaner.boss.deleteQueue(jobName);
    await cleaner.stop();
  }, 60_000);

  it("runs each job once, whichever process picks it up", { timeout: 90_000 }, async () => {
    for (let n = 0; n < 10; n++) await queue.enqueue(counted, { n });
    const runs = () => [...ranHere, ...received("ran").map((m) => m.n!)];
    await vi.waitFor(() => expect(runs()).toHaveLength(10), { timeout: 60_000, interval: 200 });
    // Every job is completed by now; a second run of any would be a second row here.
    const jobs = await queue.boss.findJobs(jobName);
    expect(jobs.map((job) => job.state).every((state) => state === "completed")).toBe(true);
    expect(runs().sort((a, b) => a - b)).toEqual([...Array(10).keys()]);
  });

  it("sends a due reminder once with a worker in each process", { timeout: 90_000 }, async () => {
    const { account, owner } = await createAccount("Two processes");
    const ctx = (await signedInAs(owner.id, account.id)).ctx;
    const document = await createDocumentFromUpload(ctx, { name: "Shared deed" }, { name: "s.docx", bytes: makeDocx(["Shared"]) });
    const reminder = await createReminder(ctx, document.id, {
      name: "Both processes",
      notifyAt: new Date(Date.now() - 1000),
      contacts: [{ name: "Tess", email: "two-processes@example.test" }],
    });
    const ids = await Promise.all([0, 1, 2, 3, 4, 5].map(() => queue.enqueue(remindersJob, {})));
    await vi.waitFor(
      async () => {
        const jobs = await Promise.all(ids.map((id) => queue.boss.getJobById(remindersJob.name, id!)));
        expect(jobs.every((job) => job?.state === "completed")).toBe(true);
      },
      { timeout: 60_000, interval: 300 },
    );
    // Tess is outside the workspace: her reminder says what it is about, without a login link (docs/reminders.md).
    expect(await db.outboxEmail.count({ where: { to: "two-processes@example.test", template: "reminderInfo" } })).toBe(1);
    expect((await db.reminder.findUniqueOrThrow({ where: { id: reminder.id } })).notifiedAt).not.toBeNull();
  });

  it("delivers an event published in one process to the subscribers of the other, both ways", { timeout: 60_000 }, async () => {
    await listenForEvents();
    const events = pubsub.subscribe("document:signing", documentId)[Symbol.asyncIterator]();
    // Listening here: our own ping comes back through the database first.
    const ping = events.next();
    pubsub.publish("document:signing", documentId, { documentId, kind: "seal", id: "ping-here", state: "ping" });
    expect((await ping).value).toMatchObject({ id: "ping-here" });

    // This process publishes: the other receives it.
    pubsub.publish("document:signing", documentId, { documentId, kind: "approval", id: "from-first", state: "approved" });
    await vi.waitFor(() => expect(received("event").map((m) => m.payload?.id)).toContain("from-first"), { timeout: 30_000, interval: 100 });
    // Our own event reaches us as well.
    expect((await events.next()).value).toMatchObject({ id: "from-first", state: "approved" });

    // The other publishes: this one receives it.
    send({ publish: documentId });
    expect((await events.next()).value).toEqual({ documentId, kind: "signature", id: "from-second", state: "signed" });
    await events.return?.();
  });

  it("delivers an event published in the other process to a WebSocket subscriber of this one", { timeout: 60_000 }, async () => {
    const { account, owner } = await createAccount("Two processes, one socket");
    const { accessToken } = await signedInAs(owner.id, account.id);
    const server = await startWebSocketServer();
    try {
      const stream = await subscribeOverWebSocket(server.url)("subscription { workQueueChanged { changedAt } }", {}, accessToken);
      const first = stream.next();
      let arrived = false;
      void first.then(() => (arrived = true));
      // The other process publishes until the subscription, in place a moment after it is sent, hears it.
      while (!arrived) {
        send({ publishWorkQueue: account.id });
        await Promise.race([first, new Promise((resolve) => setTimeout(resolve, 300))]);
      }
      expect((await first)?.data).toEqual({ data: { workQueueChanged: { changedAt: expect.any(String) } } });
      await stream.close();
    } finally {
      await server.close();
    }
  });
});
