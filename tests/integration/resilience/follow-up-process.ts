/**
 * The app process that tests/integration/resilience/follow-up-kill.test.ts kills with SIGKILL at
 * a random instant. On the test's PostgreSQL database (DATABASE_URL), with SMTP_URL set (so every
 * email is `queued` and needs its delivery job) and no worker (the jobs stay for the test to find),
 * it runs the changes that must bring follow-up work: the last signature of a document (sealing
 * job, the owner's email), a request for signatures and a request for approvals (the emails), and
 * a reviewer's approval (the next reviewer's email, the news of the decision). One JSON line each
 * way over stdio:
 *   in:  the plan, {"userId", "accountId", "sign": [documentId], "request": [documentId], "approve": [documentId]};
 *        then {"go": true}.
 *   out: {"type":"ready"} once connected and the queue is ready; {"type":"did","what":…} after
 *        each change; {"type":"done","ms":…} at the end; {"type":"error","message":…}.
 * Run: npx tsx tests/integration/resilience/follow-up-process.ts
 */
import { createInterface } from "node:readline";
import { anonymousContext, type ServiceContext } from "@/lib/auth/context";
import { signedContext } from "@/lib/auth/get-request-context";
import { reviewDocument } from "@/lib/approvals/review-document";
import { requestApprovals } from "@/lib/approvals/request-approvals";
import { db } from "@/lib/db";
import { prepareJobs } from "@/lib/jobs/queue";
import { requestSignatures } from "@/lib/signatures/request-signatures";
import { signDocument } from "@/lib/signatures/sign-document";
import { signedInAs } from "@/tests/factories";

type Plan = { userId: string; accountId: string; sign: string[]; request: string[]; approve: string[] };

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

async function main() {
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  const plan = JSON.parse((await lines.next()).value as string) as Plan;
  const { ctx } = await signedInAs(plan.userId, plan.accountId);
  await prepareJobs();
  await db.document.count({ where: { accountId: plan.accountId } });
  say({ type: "ready" });
  await lines.next();
  const started = Date.now();
  // Interleaved, so that a kill at any instant lands in any of the three kinds of change.
  for (let i = 0; i < Math.max(plan.sign.length, plan.request.length, plan.approve.length); i++) {
    if (plan.request[i]) {
      await requestSignatures(ctx, plan.request[i]!);
      say({ type: "did", what: "signaturesRequested", documentId: plan.request[i] });
    }
    if (plan.sign[i]) await signAll(plan.sign[i]!);
    if (plan.approve[i]) await approveFirst(ctx, plan.approve[i]!);
  }
  say({ type: "done", ms: Date.now() - started });
  await db.$disconnect();
  process.exit(0);
}

main().catch((error) => {
  say({ type: "error", message: String(error?.stack ?? error) });
  process.exit(1);
});
