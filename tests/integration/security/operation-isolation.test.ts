import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { withRequestMemo } from "@/lib/auth/request-memo";
import { GLOBAL_ROLE_IDS } from "@/lib/accounts/create-account";
import { inviteMembers } from "@/lib/accounts/invite-members";
import { createDocumentFromTemplate } from "@/lib/documents/create-document-from-template";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { createFolder } from "@/lib/folders/folders";
import { createTemplate, publishUnpublishTemplate } from "@/lib/templates/templates";
import { addDocumentAttachment } from "@/lib/documents/add-document-attachment";
import { runOperation } from "@/lib/operations/operation";
import { OPERATIONS } from "@/lib/operations/registry";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { addDocumentComment } from "@/lib/documents/document-comments";
import { createDocumentRelation } from "@/lib/documents/create-document-relation";
import { createDocumentLink } from "@/lib/links/document-links";
import { createReminder } from "@/lib/reminders/reminders";
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
let b: {
  accountId: string;
  memberPolicyId: string;
  invitedPolicyId: string;
  roleId: string;
  tagId: string;
  categoryId: string;
  apiTokenId: string;
  folderId: string;
  templateFolderId: string;
  templateId: string;
  documentId: string;
  valuesDocumentId: string;
  attachmentId: string;
  cardId: string;
  pendingCardId: string;
  subscriptionId: string;
  invoiceId: string;
};
/** A file A uploads where an operation takes one (a new document, version or attachment). */
const upload = () => [{ name: "decl-spy.docx", bytes: makeDocx(["A's upload"]) }];
/** B's document with its policies, a share link, a relation and a comment (collaboration). */
let bDoc: {
  id: string;
  otherId: string;
  memberUserId: string;
  policyId: string;
  linkId: string;
  relationId: string;
  commentId: string;
  approvalId: string;
  reminderId: string;
  partyId: string;
  signatureId: string;
};
/** A's own approval and its reviewer's token (the reviewer isolation cases). */
let aApproval: { id: string; documentId: string; token: string };

beforeAll(async () => {
  const accountA = await createAccount("DeclA");
  const accountB = await createAccount("DeclB");
  const sessionA = await signedInAs(accountA.owner.id, accountA.account.id);
  // A's plan has every paid feature its operations ask for (import): only B's ids may be the reason to refuse.
  a = { ...sessionA.ctx, capabilities: new Set([...sessionA.ctx.capabilities, "import"]) };
  aToken = sessionA.accessToken;
  const memberB = await addMember(accountB.account.id, "Member");
  const ctxB = (await signedInAs(accountB.owner.id, accountB.account.id)).ctx;
  const [invited] = await inviteMembers(ctxB, {
    emails: [`decl-invitee-${accountB.account.id}@example.test`],
    roleId: GLOBAL_ROLE_IDS.Member,
  });
  const role = await db.accountRole.create({ data: { accountId: accountB.account.id, name: "B only", permissions: ["ViewDocuments"] } });
  const memberPolicy = await db.accountPolicy.findFirstOrThrow({ where: { accountId: accountB.account.id, userId: memberB.id } });
  const tag = await db.tag.create({ data: { accountId: accountB.account.id, name: "B's tag", color: "#123456" } });
  const category = await db.category.create({ data: { accountId: accountB.account.id, name: "B's category", slug: "b-category" } });
  const apiToken = await db.accountToken.create({
    data: {
      accountId: accountB.account.id,
      userId: accountB.owner.id,
      name: "B's token",
      keyHash: `decl-b-${accountB.account.id}`,
      keyPrefix: "cvt_declb",
    },
  });
  const folder = await createFolder(ctxB, { name: "B's folder" });
  const templateFolder = await createFolder(ctxB, { name: "B's templates", group: "template" });
  const template = await createTemplate(
    ctxB,
    { name: "B's template", folderId: templateFolder.id },
    { name: "b.docx", bytes: makeDocx(["Between [party] and Bravo"]) },
  );
  await publishUnpublishTemplate(ctxB, template.id, true);
  const valuesDocument = await createDocumentFromTemplate(ctxB, { templateId: template.id, values: { party: "Okapi" } });
  const document = await createDocumentFromUpload(
    ctxB,
    { name: "B's contract", folderId: folder.id, tagIds: [tag.id] },
    { name: "b.docx", bytes: makeDocx(["Bravo's agreement"]) },
  );
  const attachment = await addDocumentAttachment(ctxB, document.id, { name: "B's annex.docx", bytes: makeDocx(["Bravo's annex"]) });
  const lease = await createDocumentFromUpload(ctxB, { name: "B's lease" }, { name: "b.docx", bytes: makeDocx(["B's terms"]) });
  const other = await createDocumentFromUpload(ctxB, { name: "B's annex" }, { name: "b2.docx", bytes: makeDocx(["B's annex"]) });
  const documentPolicy = await db.documentPolicy.create({
    data: { accountId: accountB.account.id, documentId: lease.id, userId: memberB.id, role: "reader" },
  });
  const link = await createDocumentLink(ctxB, lease.id, { name: "B's link" });
  const relation = await createDocumentRelation(ctxB, lease.id, { toDocumentId: other.id });
  const comment = await addDocumentComment(ctxB, lease.id, { body: "B's comment" });
  const approval = await createApproval(ctxB, { documentId: lease.id, email: "decl-b-lawyer@example.test" });
  await requestApprovals(ctxB, lease.id);
  const aDocument = await createDocumentFromUpload(a, { name: "A's contract" }, { name: "a.docx", bytes: makeDocx(["A's terms"]) });
  const aOwn = await createApproval(a, { documentId: aDocument.id, email: "decl-a-lawyer@example.test" });
  await requestApprovals(a, aDocument.id);
  const aRow = await db.approval.findUniqueOrThrow({ where: { id: aOwn.id } });
  aApproval = { id: aOwn.id, documentId: aDocument.id, token: new URL(approvalLink(aRow)).searchParams.get("signed")! };
  const reminder = await createReminder(ctxB, lease.id, {
    name: "B's reminder",
    notifyAt: new Date(Date.now() + 86_400_000),
    contacts: [{ name: "B", email: "b-reminder@example.test" }],
  });
  // Signing: B's party, signer and their box on B's lease.
  const party = await db.party.create({ data: { accountId: accountB.account.id, documentId: lease.id, name: "B's party" } });
  const signer = await db.signature.create({
    data: { accountId: accountB.account.id, documentId: lease.id, partyId: party.id, email: "b-signer@example.test" },
  });
  await db.signaturePlaceholder.create({
    data: { accountId: accountB.account.id, documentId: lease.id, signatureId: signer.id, keyName: "signature", settings: { page: 1 } },
  });
  // B's billing (the offline provider): two cards, one waiting for confirmation, and a plan subscription; A has a card of its own.
  const card = (number: string) => ({ tokenId: localToken(number, 12, new Date().getUTCFullYear() + 2) });
  await createPaymentMethod(a, card("4242424242424242"));
  const bCard = await createPaymentMethod(ctxB, card("4242424242424242"));
  await createPaymentMethod(ctxB, card("5555555555554444"));
  const bPending = await createPaymentMethod(ctxB, card("4000002500003155"));
  const subscription = await db.subscription.create({
    data: {
      accountId: accountB.account.id,
      quotaId: "quota_standard_year",
      provider: "local",
      providerSubscriptionId: `sub_local_decl_${accountB.account.id}`,
    },
  });
  const invoice = await db.localInvoice.create({
    data: {
      id: `in_local_decl_${accountB.account.id}`,
      accountId: accountB.account.id,
      customerId: `lcus_${accountB.account.id}`,
      subscriptionId: subscription.providerSubscriptionId,
      number: "LOC-DECL-0001",
      currency: "eur",
      lines: [],
      subtotal: 29000,
      discount: 0,
      tax: 0,
      total: 29000,
      status: "paid",
    },
  });
  bDoc = {
    id: lease.id,
    otherId: other.id,
    memberUserId: memberB.id,
    policyId: documentPolicy.id,
    linkId: link.id,
    relationId: relation.id,
    commentId: comment.id,
    approvalId: approval.id,
    reminderId: reminder.id,
    partyId: party.id,
    signatureId: signer.id,
  };
  b = {
    accountId: accountB.account.id,
    memberPolicyId: memberPolicy.id,
    invitedPolicyId: invited.id,
    roleId: role.id,
    tagId: tag.id,
    categoryId: category.id,
    apiTokenId: apiToken.id,
    folderId: folder.id,
    templateFolderId: templateFolder.id,
    templateId: template.id,
    documentId: document.id,
    valuesDocumentId: valuesDocument.id,
    attachmentId: attachment.id,
    cardId: bCard.id,
    pendingCardId: bPending.id,
    subscriptionId: subscription.id,
    invoiceId: invoice.id,
  };
});

/** The input each operation gets: B's ids where it takes ids, plain values elsewhere. */
const CASES: Record<string, () => unknown> = {
  createAccountPolicy: () => ({ email: "decl-spy1@example.test", roleId: b.roleId }),
  upsertAccountPolicy: () => ({ id: b.memberPolicyId, roleId: GLOBAL_ROLE_IDS.Guest }),
  updateAccountPolicy: () => ({ id: b.memberPolicyId, roleId: GLOBAL_ROLE_IDS.Guest }),
  deleteAccountPolicy: () => ({ id: b.memberPolicyId }),
  bulkDeleteAccountPolicies: () => ({ ids: [b.memberPolicyId, b.invitedPolicyId] }),
  sendInvitations: () => ({ emails: ["decl-spy2@example.test"], roleId: b.roleId }),
  resendInvitation: () => ({ id: b.invitedPolicyId }),
  updateTag: () => ({ id: b.tagId, name: "Taken over" }),
  upsertTag: () => ({ id: b.tagId, color: "#000000" }),
  deleteTag: () => ({ id: b.tagId }),
  bulkDeleteTags: () => ({ ids: [b.tagId] }),
  updateCategory: () => ({ id: b.categoryId, name: "Taken over" }),
  upsertCategory: () => ({ id: b.categoryId, name: "Taken over" }),
  setCategoryVisibility: () => ({ id: b.categoryId, hidden: true }),
  deleteCategory: () => ({ id: b.categoryId }),
  bulkDeleteCategories: () => ({ ids: [b.categoryId] }),
  // The person and the workspace's settings: B's role, B's API token, B's workspace.
  updateAccountRole: () => ({ id: b.roleId, name: "Taken over" }),
  upsertAccountRole: () => ({ id: b.roleId, permissions: ["ViewDocuments", "ManageDocuments"] }),
  deleteAccountRole: () => ({ id: b.roleId }),
  bulkDeleteAccountRoles: () => ({ ids: [b.roleId] }),
  deleteToken: () => ({ id: b.apiTokenId }),
  bulkDeleteTokens: () => ({ ids: [b.apiTokenId] }),
  switchAccount: () => ({ accountId: b.accountId }),
  template: () => ({ id: b.templateId }),
  createTemplate: () => ({ folderId: b.templateFolderId, files: [{ name: "spy.docx", bytes: makeDocx(["[spy]"]) }] }),
  updateTemplate: () => ({ id: b.templateId, name: "Taken over" }),
  updateTemplateDestinationFolder: () => ({ id: b.templateId, destinationId: null }),
  cloneTemplate: () => ({ id: b.templateId }),
  updateTemplateVersion: () => ({ id: b.templateId, files: [{ name: "spy.docx", bytes: makeDocx(["[spy]"]) }] }),
  publishUnpublishTemplate: () => ({ id: b.templateId, published: false }),
  deleteTemplate: () => ({ id: b.templateId }),
  bulkDeleteTemplates: () => ({ ids: [b.templateId] }),
  getTemplateFile: () => ({ id: b.templateId }),
  createDocumentFromTemplate: () => ({ templateId: b.templateId, values: { party: "Spy" } }),
  updateDocumentValues: () => ({ id: b.valuesDocumentId, values: { party: "Spy" } }),
  createFolder: () => ({ name: "Spy", group: "template", parentId: b.templateFolderId }),
  updateFolder: () => ({ id: b.folderId, name: "Taken over" }),
  upsertFolder: () => ({ id: b.folderId, name: "Taken over" }),
  deleteFolder: () => ({ id: b.folderId }),
  bulkDeleteFolders: () => ({ ids: [b.folderId, b.templateFolderId] }),
  getTemplate: () => ({ id: b.templateId }),
  createDocument: () => ({ name: "decl-spy", folderId: b.folderId, files: upload() }),
  importDocuments: () => ({
    folderId: b.folderId,
    tagIds: [b.tagId],
    files: [...upload(), { name: "decl-spy-2.docx", bytes: makeDocx(["A's"]) }],
  }),
  document: () => ({ id: b.documentId }),
  updateDocument: () => ({ id: b.documentId, name: "Taken over" }),
  updateDocumentStatus: () => ({ id: b.documentId, newStatus: "cancelled" }),
  archiveDocument: () => ({ id: b.documentId, archived: true }),
  cloneDocument: () => ({ id: b.documentId }),
  lockDocument: () => ({ id: b.documentId }),
  unlockDocument: () => ({ id: b.documentId }),
  deleteDocument: () => ({ id: b.documentId }),
  bulkDeleteDocuments: () => ({ ids: [b.documentId] }),
  documentVersions: () => ({ id: b.documentId }),
  updateDocumentVersion: () => ({ id: b.documentId, files: upload() }),
  getDocumentFile: () => ({ id: b.documentId, version: 1 }),
  resealDocument: () => ({ id: b.documentId }),
  getDocumentPdf: () => ({ id: b.documentId, version: 1 }),
  attachments: () => ({ id: b.documentId }),
  createAttachment: () => ({ id: b.documentId, files: upload() }),
  getAttachmentFile: () => ({ id: b.documentId, attachmentId: b.attachmentId }),
  deleteAttachment: () => ({ id: b.documentId, attachmentId: b.attachmentId }),
  // Collaboration around a document: B's document, document policy, link, relation and comment.
  policies: () => ({ id: bDoc.id }),
  upsertPolicy: () => ({ id: bDoc.id, userId: bDoc.memberUserId, role: "owner" }),
  deletePolicy: () => ({ policyId: bDoc.policyId }),
  bulkDeletePolicies: () => ({ ids: [bDoc.policyId] }),
  registerAccessDocumentPolicy: () => ({ id: bDoc.id }),
  answerAccessRequest: () => ({ policyId: bDoc.policyId, accept: true, role: "owner" }),
  transferDocumentOwnership: () => ({ id: bDoc.id, userId: bDoc.memberUserId }),
  personalLinks: () => ({ id: bDoc.id }),
  shareDocumentWithPerson: () => ({ id: bDoc.id, email: "decl-spy3@example.test", role: "reader" }),
  links: () => ({ id: bDoc.id }),
  createLink: () => ({ id: bDoc.id, name: "Planted" }),
  updateLink: () => ({ linkId: bDoc.linkId, role: "reviewer" }),
  upsertLink: () => ({ id: bDoc.id, linkId: bDoc.linkId, role: "reviewer" }),
  deleteLink: () => ({ linkId: bDoc.linkId }),
  bulkDeleteLinks: () => ({ ids: [bDoc.linkId] }),
  relations: () => ({ id: bDoc.id }),
  relationCandidates: () => ({ id: bDoc.id, q: "B's" }),
  createRelation: () => ({ id: bDoc.id, toDocumentId: bDoc.otherId, type: "annex" }),
  updateRelation: () => ({ relationId: bDoc.relationId, tag: "Taken over" }),
  upsertRelation: () => ({ id: bDoc.id, relationId: bDoc.relationId, tag: "Taken over" }),
  deleteRelation: () => ({ relationId: bDoc.relationId }),
  bulkDeleteRelations: () => ({ ids: [bDoc.relationId] }),
  comments: () => ({ id: bDoc.id }),
  createComment: () => ({ id: bDoc.id, body: "Planted", parentId: bDoc.commentId }),
  updateComment: () => ({ commentId: bDoc.commentId, body: "Taken over" }),
  resolveComment: () => ({ commentId: bDoc.commentId }),
  deleteComment: () => ({ commentId: bDoc.commentId }),
  // Approvals: B's document, B's member, B's approval.
  approvals: () => ({ documentId: bDoc.id }),
  createApproval: () => ({ documentId: bDoc.id, email: "decl-spy4@example.test" }),
  setApprovalProcess: () => ({ documentId: bDoc.id, approvalProcess: "parallel" }),
  requestApprovals: () => ({ documentId: bDoc.id }),
  updateApproval: () => ({ id: bDoc.approvalId, order: 9 }),
  deleteApproval: () => ({ id: bDoc.approvalId }),
  requestApproval: () => ({ id: bDoc.approvalId }),
  approvalMessages: () => ({ approvalId: bDoc.approvalId }),
  sendApprovalMessage: () => ({ approvalId: bDoc.approvalId, data: "Planted" }),
  // Reminders and activity (issue 16): B's document and B's reminder.
  reminders: () => ({ id: bDoc.id }),
  createReminder: () => ({
    id: bDoc.id,
    name: "Planted",
    notifyAt: new Date().toISOString(),
    contacts: [{ name: "Spy", email: "decl-spy4@example.test" }],
  }),
  updateReminder: () => ({ reminderId: bDoc.reminderId, name: "Taken over", notifyAt: new Date().toISOString() }),
  deleteReminder: () => ({ reminderId: bDoc.reminderId }),
  bulkDeleteReminders: () => ({ ids: [bDoc.reminderId] }),
  activity: () => ({ documentId: bDoc.id }),
  // Signing: B's document, party and signer (a signer's own operations take no ids: their token names the record).
  documentPageImage: () => ({ id: bDoc.id, page: 1 }),
  documentPageCount: () => ({ id: bDoc.id }),
  signatures: () => ({ documentId: bDoc.id }),
  parties: () => ({ documentId: bDoc.id }),
  signaturePlaceholders: () => ({ documentId: bDoc.id }),
  signingSettings: () => ({ documentId: bDoc.id }),
  setSignProcess: () => ({ documentId: bDoc.id, signProcess: "parallel" }),
  createParty: () => ({ documentId: bDoc.id, name: "Planted" }),
  updateParty: () => ({ id: bDoc.partyId, name: "Taken over" }),
  deleteParty: () => ({ id: bDoc.partyId }),
  addSigner: () => ({ documentId: bDoc.id, email: "planted-signer@example.test", partyId: bDoc.partyId }),
  updateSigner: () => ({ id: bDoc.signatureId, email: "thief@example.test" }),
  removeSigner: () => ({ id: bDoc.signatureId }),
  saveSignaturePlaceholders: () => ({
    documentId: bDoc.id,
    placeholders: [
      { signatureId: bDoc.signatureId, keyName: "signature", kind: "signature", page: 1, x: 0, y: 0, width: 0.2, height: 0.1 },
    ],
  }),
  requestSignatures: () => ({ documentId: bDoc.id }),
  requestSignature: () => ({ id: bDoc.signatureId }),
  subscription: () => ({ id: b.subscriptionId }),
  upcomingInvoice: () => ({ subscription: b.subscriptionId, prediction: { items: [{ quota: "quota_standard_month", quantity: 1 }] } }),
  invoices: () => ({ startingAfter: b.invoiceId }),
  invoiceReceipt: () => ({ id: b.invoiceId }),
  confirmPaymentMethod: () => ({ id: b.pendingCardId }),
  setDefaultPaymentMethod: () => ({ id: b.cardId }),
  deletePaymentMethod: () => ({ id: b.cardId }),
};

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
