/**
 * The app process that tests/integration/resilience/follow-up-kill.test.ts kills with SIGKILL at
 * a random instant. On the test's PostgreSQL database (DATABASE_URL), with SMTP_URL set (so every
 * email is `queued` and needs its delivery job) and no worker (the jobs stay for the test to find),
 * it runs the changes that must bring follow-up work: the last signature of a document (sealing
 * job, the owner's email), a request for signatures and a request for approvals (the emails), and
 * a reviewer's approval (the next reviewer's email, the news of the decision). One JSON line each
 * way over stdio:
 *   in:  the plan, {"accessToken" (the owner's session), "sign": [documentId], "request": [documentId], "approve": [documentId],
 *        "warm": {the same three lists}}; then {"go": true}.
 *   out: {"type":"ready"} once it has run the whole work on the "warm" documents (a new process
 *        compiles each query on first use: the kills then land in work at its normal speed);
 *        {"type":"did","what":…} after
 *        each change; {"type":"done","ms":…} at the end; {"type":"error","message":…}.
 * Run: npx tsx tests/integration/resilience/follow-up-process.ts
 */
import { createInterface } from "node:readline";
import { anonymousContext, type ServiceContext } from "@/lib/auth/context";
import { buildContext, signedContext } from "@/lib/auth/get-request-context";
import { reviewDocument } from "@/lib/approvals/review-document";
import { requestApprovals } from "@/lib/approvals/request-approvals";
import { db } from "@/lib/db";
import { prepareJobs } from "@/lib/jobs/queue";
import { requestSignatures } from "@/lib/signatures/request-signatures";
import { signDocument } from "@/lib/signatures/sign-document";

type Work = { sign: string[]; request: string[]; approve: string[] };
type Plan = Work & { accessToken: string; warm: Work };

const say = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);

/** The link token of the newest email of `template` about the document to `to`. */
async function linkToken(documentId: string, to: string, template: string): Promise<string> {
  const mail = await db.outboxEmail.findFirst({ where: { documentId, to, template }, orderBy: { createdAt: "desc" } });
  const match = mail?.text.match(/signed=([^\s&]+)/);
  if (!match) throw new Error(`No ${template} link for ${to}`);
  return decodeURIComponent(match[1]!);
}

const linkContext = (token: string): ServiceContext =>
  signedContext(anonymousContext({ ip: "198.51.100.9", userAgent: "kill test" }), token);

/** Both signers of the document in order: the first's signature asks the second, the second's is the last. */
async function signAll(documentId: string) {
  const signers = await db.signature.findMany({ where: { documentId }, orderBy: { order: "asc" } });
  for (const signer of signers) {
    const token = await linkToken(documentId, signer.email, "signatureRequest");
    await signDocument(linkContext(token), { kind: "typed", typedName: `Signer ${signer.order}`, files: [] });
    say({ type: "did", what: "signed", documentId });
  }
}

/** Asks the reviewers, then the first approves (which asks the next and tells the owner). */
async function approveFirst(ctx: ServiceContext, documentId: string) {
  await requestApprovals(ctx, documentId);
  say({ type: "did", what: "approvalsRequested", documentId });
  const [first] = await db.approval.findMany({ where: { documentId }, orderBy: { order: "asc" } });
  const token = await linkToken(documentId, first!.email, "approvalRequest");
  await reviewDocument(linkContext(token), { id: first!.id, isApproved: true, comment: "Fine." });
  say({ type: "did", what: "approved", documentId });
}

/** Interleaved, so that a kill at any instant lands in any of the three kinds of change. */
async function run(ctx: ServiceContext, work: Work) {
  for (let i = 0; i < Math.max(work.sign.length, work.request.length, work.approve.length); i++) {
    if (work.request[i]) {
      await requestSignatures(ctx, work.request[i]!);
      say({ type: "did", what: "signaturesRequested", documentId: work.request[i] });
    }
    if (work.sign[i]) await signAll(work.sign[i]!);
    if (work.approve[i]) await approveFirst(ctx, work.approve[i]!);
  }
}

async function main() {
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  const plan = JSON.parse((await lines.next()).value as string) as Plan;
  // The owner's session, made by the test: the context the app builds for their requests.
  const ctx = await buildContext({
    header: (name) => (name === "authorization" ? `Bearer ${plan.accessToken}` : null),
    cookie: () => null,
  });
  await prepareJobs();
  await run(ctx, plan.warm);
  say({ type: "ready" });
  await lines.next();
  const started = Date.now();
  await run(ctx, plan);
  say({ type: "done", ms: Date.now() - started });
  await db.$disconnect();
  process.exit(0);
}

main().catch((error) => {
  say({ type: "error", message: String(error?.stack ?? error) });
  process.exit(1);
});
