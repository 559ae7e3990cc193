import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApproval } from "@/lib/approvals/create-approval";
import type { ServiceContext } from "@/lib/auth/context";
import { db, isEmbedded } from "@/lib/db";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { prepareJobs, stopJobs } from "@/lib/jobs/queue";
import { requestSignatures } from "@/lib/signatures/request-signatures";
import { createAccount, signedInAs, uniqueEmail } from "@/tests/factories";
import { makeTextPdf } from "@/tests/fixtures/pdf";
import { addSigners } from "../signatures/helpers";

/**
 * Nothing that must follow a change is lost when the process dies (issue 37): a second app
 * process (follow-up-process.ts) signs, requests signatures and approvals and approves, and is
 * killed with SIGKILL at a random instant, 20 times. After each kill: every signed document has
 * its sealing job (or its Seal) and its owner's email, every signer or reviewer marked requested
 * has their email, and every queued email has its delivery job. The embedded database lives in
 * one process, so the kills need the PostgreSQL server (DATABASE_URL); without it the file is
 * skipped.
 */
const TRIALS = Number(process.env.KILL_TRIALS ?? 20);
/** Processes killed at once: a process takes seconds to load the app, so several load side by side. */
const AT_ONCE = 4;
/** Documents of each kind per trial. */
const PER_KIND = 1;

type Message = { type: string; what?: string; ms?: number; message?: string };
type Child = { process: ChildProcessWithoutNullStreams; messages: Message[]; wait: (type: string) => Promise<void> };

let ctx: ServiceContext;
let accessToken: string;
let pdf: Uint8Array;
const children: ChildProcessWithoutNullStreams[] = [];
/** The second process as one bundled file (node_modules left outside): it starts twice as fast as through tsx. */
const bundle = path.join(process.cwd(), "tmp", `follow-up-process-${process.pid}.mjs`);

function startChild(): Child {
  const child = spawn(process.execPath, [bundle], {
    // Every email is queued for SMTP (nobody delivers it here): each must come with its delivery job.
    env: { ...process.env, SMTP_URL: "smtp://127.0.0.1:9", DISABLE_JOBS: "1" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  children.push(child);
  const messages: Message[] = [];
  const waiters: { type: string; resolve: () => void; reject: (error: Error) => void }[] = [];
  const settle = () => {
    for (const waiter of [...waiters]) {
      const failed = messages.find((m) => m.type === "error");
      if (failed) waiter.reject(new Error(`The second process failed: ${failed.message}`));
      else if (messages.some((m) => m.type === waiter.type)) waiter.resolve();
      else continue;
      waiters.splice(waiters.indexOf(waiter), 1);
    }
  };
  child.stderr.on("data", (chunk) => process.stderr.write(chunk));
  createInterface({ input: child.stdout }).on("line", (line) => {
    try {
      messages.push(JSON.parse(line) as Message);
      settle();
    } catch {
      // A log line.
    }
  });
  return {
    process: child,
    messages,
    wait: (type) => new Promise<void>((resolve, reject) => (waiters.push({ type, resolve, reject }), settle())),
  };
}

const newDocument = (name: string) => createDocumentFromUpload(ctx, { name }, { name: "contract.pdf", bytes: pdf });

/** One trial's documents: to sign (two signers in order, the first asked), to request, to send for approval. */
async function prepareWork() {
  const sign: string[] = [];
  const request: string[] = [];
  const approve: string[] = [];
  for (let i = 0; i < PER_KIND; i++) {
    const toSign = await newDocument("To sign");
    await addSigners(ctx, toSign.id, [1, 2]);
    await requestSignatures(ctx, toSign.id);
    sign.push(toSign.id);
    const toRequest = await newDocument("To request");
    await addSigners(ctx, toRequest.id, [1, 1]);
    request.push(toRequest.id);
    const toApprove = await newDocument("To approve");
    for (const order of [1, 2]) await createApproval(ctx, { documentId: toApprove.id, email: uniqueEmail("reviewer"), order });
    approve.push(toApprove.id);
  }
  return { sign, request, approve };
}

/** The work a process is killed in, and the same work first run whole to warm the process up. */
const prepareTrial = async () => ({ accessToken, ...(await prepareWork()), warm: await prepareWork() });

/** What a process that died must not leave behind, on these documents. */
async function lostFollowUps(documentIds: string[]) {
  const unsealed = await db.$queryRaw<{ id: string }[]>`
    SELECT d.id FROM "Document" d
    WHERE d.id = ANY(${documentIds}) AND d.status = 'signed'
      AND NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = 'sealDocument' AND j.data->>'documentId' = d.id)
      AND NOT EXISTS (SELECT 1 FROM "Seal" s WHERE s."documentId" = d.id)`;
  const ownerUntold = await db.$queryRaw<{ id: string }[]>`
    SELECT d.id FROM "Document" d
    WHERE d.id = ANY(${documentIds}) AND d.status = 'signed'
      AND NOT EXISTS (SELECT 1 FROM "OutboxEmail" e WHERE e."documentId" = d.id AND e.template = 'signatureCompleted')`;
  const signersUnmailed = await db.$queryRaw<{ id: string }[]>`
    SELECT s.id FROM "Signature" s
    WHERE s."documentId" = ANY(${documentIds}) AND s."requestedAt" IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM "OutboxEmail" e
        WHERE e."documentId" = s."documentId" AND e."to" = s.email AND e.template = 'signatureRequest' AND e."createdAt" >= s."requestedAt")`;
  const reviewersUnmailed = await db.$queryRaw<{ id: string }[]>`
    SELECT a.id FROM "Approval" a
    WHERE a."documentId" = ANY(${documentIds}) AND a."requestedAt" IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM "OutboxEmail" e
        WHERE e."documentId" = a."documentId" AND e."to" = a.email AND e.template = 'approvalRequest' AND e."createdAt" >= a."requestedAt")`;
  const decisionsUntold = await db.$queryRaw<{ id: string }[]>`
    SELECT a.id FROM "Approval" a
    WHERE a."documentId" = ANY(${documentIds}) AND a."approvedAt" IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM "OutboxEmail" e WHERE e."documentId" = a."documentId" AND e.template = 'approvalDecided')`;
  const undelivered = await db.$queryRaw<{ id: string }[]>`
    SELECT e.id FROM "OutboxEmail" e
    WHERE e."documentId" = ANY(${documentIds}) AND e.status = 'queued'
      AND NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = 'emailDelivery' AND j.data->>'emailId' = e.id)`;
  return { unsealed, ownerUntold, signersUnmailed, reviewersUnmailed, decisionsUntold, undelivered };
}

/** How far the trial's changes got: signed documents, requested signers and reviewers, decisions. */
async function progress(documentIds: string[]) {
  const [signed, signers, reviewers, approved] = await Promise.all([
    db.document.count({ where: { id: { in: documentIds }, status: "signed" } }),
    db.signature.count({ where: { documentId: { in: documentIds }, requestedAt: { not: null } } }),
    db.approval.count({ where: { documentId: { in: documentIds }, requestedAt: { not: null } } }),
    db.approval.count({ where: { documentId: { in: documentIds }, approvedAt: { not: null } } }),
  ]);
  return { signed, signers, reviewers, approved };
}

describe.skipIf(isEmbedded())("a process killed at any instant", () => {
  beforeAll(async () => {
    mkdirSync(path.dirname(bundle), { recursive: true });
    await build({
      entryPoints: ["tests/integration/resilience/follow-up-process.ts"],
      bundle: true,
      platform: "node",
      format: "esm",
      packages: "external",
      tsconfig: "tsconfig.json",
      outfile: bundle,
      logLevel: "warning",
    });
    const { account, owner } = await createAccount("Kill");
    ({ ctx, accessToken } = await signedInAs(owner.id, account.id));
    pdf = await makeTextPdf([["Clause 1: the parties agree."]]);
    // The queue's tables and queues exist before any process writes jobs in a transaction.
    await prepareJobs();
  }, 60_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    rmSync(bundle, { force: true });
    await stopJobs();
  });

  it(`leaves no change without its follow-up work (${TRIALS} kills)`, { timeout: 420_000 }, async () => {
    const totals = { finished: 0, changes: 0, kills: [] as number[] };
    const seen = { signed: 0, signers: 0, reviewers: 0, approved: 0 };
    // How long a whole run takes, measured on runs that finish: kills are spread over it.
    let window = 1500;
    for (let round = 0; round * AT_ONCE < TRIALS; round++) {
      // Prepared before the processes start: their loading would slow this process's transactions.
      const plans = [];
      for (let i = 0; i < Math.min(AT_ONCE, TRIALS - round * AT_ONCE); i++) plans.push(await prepareTrial());
      const batch = plans.map((plan) => {
        const child = startChild();
        child.process.stdin.write(`${JSON.stringify(plan)}\n`);
        return child;
      });
      await Promise.all(batch.map((child) => child.wait("ready")));
      const kills = await Promise.all(
        batch.map(async (child) => {
          const killAfter = Math.floor(Math.random() * window);
          const exited = new Promise((resolve) => child.process.once("exit", resolve));
          child.process.stdin.write(`${JSON.stringify({ go: true })}\n`);
          await new Promise((resolve) => setTimeout(resolve, killAfter));
          child.process.kill("SIGKILL");
          await exited;
          return killAfter;
        }),
      );
      totals.kills.push(...kills);
      let finished = 0;
      for (const child of batch) {
        expect(child.messages.filter((m) => m.type === "error")).toEqual([]);
        const done = child.messages.find((m) => m.type === "done");
        if (done?.ms) {
          finished++;
          window = Math.max(window, done.ms);
        }
        const ready = child.messages.findIndex((m) => m.type === "ready");
        totals.changes += child.messages.slice(ready).filter((m) => m.type === "did").length;
      }
      totals.finished += finished;
      // No run finished: the work takes longer than the window on this machine.
      if (!finished) window = Math.min(1.5 * window, 10_000);
      const documents = plans.flatMap((plan) => [...plan.sign, ...plan.request, ...plan.approve]);
      const warmed = plans.flatMap((plan) => [...plan.warm.sign, ...plan.warm.request, ...plan.warm.approve]);
      expect(await lostFollowUps([...documents, ...warmed])).toEqual({
        unsealed: [],
        ownerUntold: [],
        signersUnmailed: [],
        reviewersUnmailed: [],
        decisionsUntold: [],
        undelivered: [],
      });
      const got = await progress(documents);
      for (const key of Object.keys(seen) as (keyof typeof seen)[]) seen[key] += got[key];
    }
    console.info(
      `[kill test] ${totals.kills.length} kills (after ${Math.min(...totals.kills)}–${Math.max(...totals.kills)} ms), ` +
        `${totals.finished} runs finished before their kill, ${totals.changes} changes made; ` +
        `${seen.signed} documents signed, ${seen.signers} signers and ${seen.reviewers} reviewers requested, ${seen.approved} approvals, nothing lost`,
    );
    // The kills landed in the middle of the work, not only before or after it.
    expect(totals.changes).toBeGreaterThan(0);
    expect(totals.finished).toBeLessThan(totals.kills.length);
  });
});
