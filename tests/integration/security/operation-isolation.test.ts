import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { withRequestMemo } from "@/lib/auth/request-memo";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { runOperation } from "@/lib/operations/operation";
import { OPERATIONS } from "@/lib/registry/operations";
import { createAccount, signedInAs } from "@/tests/factories";
import { operationCases, seedWorkspace, type WorkspaceData } from "@/tests/fixtures/workspace-data";
import { graphql } from "@/tests/factories/graphql";
import { makeDocx } from "@/tests/fixtures/docx";
import { createApproval } from "@/lib/approvals/create-approval";
import { requestApprovals } from "@/lib/approvals/request-approvals";
import { approvalLink } from "@/lib/approvals/approval-emails";
import {
  approvalFileOperation,
  approvalMessagesOperation,
  fetchValidApprovalOperation,
  reviewDocumentOperation,
  reviseApprovalDocumentOperation,
  sendApprovalMessageOperation,
} from "@/lib/approvals/approval-operations";
import { anonymousContext } from "@/lib/auth/context";
import { signedContext } from "@/lib/auth/get-request-context";
import { signSigningToken } from "@/lib/signing/signing-tokens";
import { createPaymentMethod } from "@/lib/billing/payment-methods";
import { localToken } from "@/lib/billing/local-cards";

/**
 * Isolation by declaration (issue 14): every declared operation that takes ids is called by an
 * administrator of workspace A with workspace B's ids. The answer is NOT_FOUND, whatever the
 * operation (REST 404, GraphQL code NOT_FOUND: both transports run the same runOperation), and
 * B's rows are unchanged. A declaration with ids and no case here fails the first test.
 */
let a: ServiceContext;
let aToken: string;
/** Workspace B, with one of everything an operation can name (tests/fixtures/workspace-data.ts). */
let b: WorkspaceData;
let bDoc: WorkspaceData["doc"];
/** A's own approval and its reviewer's token (the reviewer isolation cases). */
let aApproval: { id: string; documentId: string; token: string };

beforeAll(async () => {
  const accountA = await createAccount("DeclA");
  const sessionA = await signedInAs(accountA.owner.id, accountA.account.id);
  // A's plan has every paid feature its operations ask for (import): only B's ids may be the reason to refuse.
  a = { ...sessionA.ctx, capabilities: new Set([...sessionA.ctx.capabilities, "import"]) };
  aToken = sessionA.accessToken;
  b = await seedWorkspace("B");
  bDoc = b.doc;
  const aDocument = await createDocumentFromUpload(a, { name: "A's contract" }, { name: "a.docx", bytes: makeDocx(["A's terms"]) });
  const aOwn = await createApproval(a, { documentId: aDocument.id, email: "decl-a-lawyer@example.test" });
  await requestApprovals(a, aDocument.id);
  const aRow = await db.approval.findUniqueOrThrow({ where: { id: aOwn.id } });
  aApproval = { id: aOwn.id, documentId: aDocument.id, token: new URL(approvalLink(aRow)).searchParams.get("signed")! };
  // A has a card of its own.
  await createPaymentMethod(a, { tokenId: localToken("4242424242424242", 12, new Date().getUTCFullYear() + 2) });
  CASES = operationCases(b, "decl-spy");
});

/** The input each operation gets: B's ids where it takes ids, plain values elsewhere. */
let CASES: Record<string, () => unknown>;

/** A's caller for an operation: its API token where only one opens it (the public API, /v1), else its administrator. */
const callerOfA = (operation: { callers: readonly string[] }): ServiceContext =>
  operation.callers.includes("member") ? a : { ...a, via: "token", viaId: "decl-token-of-a" };

/** What B has, to compare before and after each call. */
async function stateOfB() {
  const inB = { where: { accountId: b.accountId }, orderBy: { id: "asc" as const } };
  const reads = {
    policies: db.accountPolicy.findMany({ ...inB, select: { id: true, roleId: true, status: true, userId: true } }),
    roles: db.accountRole.findMany({ ...inB, select: { id: true, name: true, permissions: true } }),
    tokens: db.authToken.count({ where: { policyId: { in: [b.invitedPolicyId, b.memberPolicyId] }, usedAt: null } }),
    tags: db.tag.findMany(inB),
    categories: db.category.findMany(inB),
    apiTokens: db.accountToken.findMany({ ...inB, select: { id: true, active: true, name: true } }),
    sessionsInB: db.session.count({ where: { accountId: b.accountId } }),
    templates: db.template.findMany(inB),
    folders: db.folder.findMany(inB),
    documents: db.document.findMany({ ...inB, include: { tags: { select: { id: true } } } }),
    versions: db.documentContent.findMany({ ...inB, select: { id: true, version: true, path: true } }),
    attachments: db.documentAttachment.findMany({ ...inB, select: { id: true, path: true } }),
    // A document A made from B's (a copy, an upload into B's folder) would be A's: none may appear.
    created: db.document.count({
      where: { OR: [{ name: { startsWith: "decl-spy" } }, { name: { contains: "B's contract" }, accountId: { not: b.accountId } }] },
    }),
    documentPolicies: db.documentPolicy.findMany(inB),
    links: db.documentLink.findMany(inB),
    relations: db.documentRelation.findMany(inB),
    comments: db.documentComment.findMany(inB),
    approvals: db.approval.findMany(inB),
    approvalMessages: db.approvalMessage.findMany(inB),
    reminders: db.reminder.findMany(inB),
    parties: db.party.findMany(inB),
    signatures: db.signature.findMany(inB),
    placeholders: db.signaturePlaceholder.findMany(inB),
    subscriptions: db.subscription.findMany(inB),
    invoices: db.localInvoice.findMany(inB),
    cards: db.localPaymentMethod.findMany({ where: { customerId: `lcus_${b.accountId}` }, orderBy: { id: "asc" } }),
  };
  return Object.fromEntries(await Promise.all(Object.entries(reads).map(async ([name, read]) => [name, await read] as const)));
}

type StateOfB = Awaited<ReturnType<typeof stateOfB>>;
/**
 * B's state read after the previous test's call, and after this one's. Tests of a file run one
 * after the other and nothing else writes to B, so the state read after one call is the state
 * before the next: each test reads B once instead of twice. A test that reads none (or fails
 * before reading) leaves nothing to carry over, and the next one reads "before" itself.
 */
let stateAfterPrevious: StateOfB | undefined;
let stateAfterThis: StateOfB | undefined;
beforeEach(() => {
  stateAfterPrevious = stateAfterThis;
  stateAfterThis = undefined;
});
const stateOfBBefore = async () => stateAfterPrevious ?? (await stateOfB());
const stateOfBAfter = async () => (stateAfterThis = await stateOfB());

describe("isolation of every declared operation", () => {
  it("has a case for every declared operation that takes ids", () => {
    const missing = OPERATIONS.filter((operation) => operation.ids?.length && !CASES[operation.name]).map((operation) => operation.name);
    expect(missing).toEqual([]);
    expect(Object.keys(CASES).filter((name) => !OPERATIONS.some((operation) => operation.name === name))).toEqual([]);
  });

  for (const operation of OPERATIONS.filter((o) => o.ids?.length)) {
    it(`${operation.name} with workspace B's ids: NOT_FOUND, and B unchanged`, async () => {
      const before = await stateOfBBefore();
      const error = await runOperation(
        operation,
        withRequestMemo(callerOfA(operation), { readOnly: operation.kind === "query" }),
        CASES[operation.name](),
      ).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: "NOT_FOUND" });
      expect(await stateOfBAfter()).toEqual(before);
      expect(await db.user.count({ where: { email: { startsWith: "decl-spy" } } })).toBe(0);
    });
  }

  it("createApproval naming B's member as an approver of A's document: refused, nothing stored", async () => {
    await expect(
      runOperation(
        OPERATIONS.find((o) => o.name === "createApproval")!,
        a,
        { documentId: aApproval.documentId, userId: bDoc.memberUserId },
      ),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    expect(await db.approval.count({ where: { documentId: aApproval.documentId } })).toBe(1);
  });

  it("the list of members with B's account header answers only A's or refuses", async () => {
    const result = await graphql<{ accountPolicies: { items: { id: string }[] } }>("{ accountPolicies { items { id } } }", {
      accessToken: aToken,
      headers: { "x-account-id": b.accountId },
    });
    const ids = result.data?.accountPolicies.items.map((item) => item.id) ?? [];
    expect(ids).not.toContain(b.memberPolicyId);
    expect(ids).not.toContain(b.invitedPolicyId);
  });
});

/**
 * Reviewers act by the signed token (docs/approvals-and-signatures.md): the token names one
 * approval, and nothing else of any workspace is reachable with it. A's reviewer naming B's
 * approval, or a token (signed with the app's secret, as a forger cannot) naming B's record under
 * A's workspace, is SIGNING_LINK_INVALID, and B is unchanged.
 */
describe("isolation of the reviewer's operations", () => {
  const reviewerOfA = (token = aApproval.token) => signedContext(anonymousContext(), token);
  const crossToken = () =>
    signSigningToken({
      typ: "approval",
      rid: bDoc.approvalId,
      did: aApproval.documentId,
      aid: a.accountId!,
      email: "decl-a-lawyer@example.test",
      rat: Date.now(),
    });
  const cases = [
    ["reviewDocument", () => runOperation(reviewDocumentOperation, reviewerOfA(), { id: bDoc.approvalId, isApproved: true })],
    ["approvalMessages", () => runOperation(approvalMessagesOperation, reviewerOfA(), { approvalId: bDoc.approvalId })],
    [
      "sendApprovalMessage",
      () => runOperation(sendApprovalMessageOperation, reviewerOfA(), { approvalId: bDoc.approvalId, data: "Planted" }),
    ],
    ["fetchValidApproval with B's record", () => runOperation(fetchValidApprovalOperation, reviewerOfA(crossToken()), {})],
    ["approvalFile with B's record", () => runOperation(approvalFileOperation, reviewerOfA(crossToken()), { inline: "1" })],
    [
      "reviewDocument with B's record",
      () => runOperation(reviewDocumentOperation, reviewerOfA(crossToken()), { id: bDoc.approvalId, isApproved: false }),
    ],
    [
      "reviseApprovalDocument",
      () =>
        runOperation(reviseApprovalDocumentOperation, reviewerOfA(), {
          id: bDoc.approvalId,
          files: [{ name: "planted.pdf", bytes: new TextEncoder().encode("%PDF-1.4 planted"), field: "file" }],
        }),
    ],
    [
      "reviseApprovalDocument with B's record",
      () =>
        runOperation(reviseApprovalDocumentOperation, reviewerOfA(crossToken()), {
          id: bDoc.approvalId,
          files: [{ name: "planted.pdf", bytes: new TextEncoder().encode("%PDF-1.4 planted"), field: "file" }],
        }),
    ],
  ] as const;
  for (const [name, call] of cases) {
    it(`${name}: SIGNING_LINK_INVALID, and B unchanged`, async () => {
      const before = await stateOfBBefore();
      await expect(call()).rejects.toMatchObject({ code: "SIGNING_LINK_INVALID", details: { reason: "invalid" } });
      expect(await stateOfBAfter()).toEqual(before);
    });
  }

  it("A's reviewer token still works on A's own approval (the cases above are not refused for another reason)", async () => {
    const view = await runOperation(fetchValidApprovalOperation, reviewerOfA(), {});
    expect(view.approval.id).toBe(aApproval.id);
  });
});
