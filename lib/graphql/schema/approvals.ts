import {
  approvalMessagesOperation,
  createApprovalOperation,
  deleteApprovalOperation,
  fetchValidApprovalOperation,
  listApprovals,
  requestApprovalOperation,
  requestApprovalsOperation,
  reviewDocumentOperation,
  reviseApprovalDocumentOperation,
  sendApprovalMessageOperation,
  setApprovalProcessOperation,
  updateApprovalOperation,
} from "@/lib/approvals/approval-operations";
import { APPROVAL_PROCESSES, APPROVAL_STATES, type ApprovalMessageOutput, type ApprovalOutput } from "@/lib/approvals/schemas";
import { graphqlInput, resolveOperation } from "@/lib/operations/graphql";
import type { ServiceContext } from "@/lib/auth/context";
import { runOperation } from "@/lib/operations/operation";
import { builder, uploadedFile } from "../builder";

/**
 * Approvals (issue 16) with the spec's names: approvals, approvalMessages, requestApproval,
 * requestApprovals, reviewDocument and fetchValidApproval (the reviewer's, by the `signed` header),
 * sendApprovalMessage; and managing approvers (createApproval, updateApproval, deleteApproval,
 * setApprovalProcess). Each resolves through its declaration (lib/approvals/approval-operations.ts).
 */
const ApprovalProcessEnum = builder.enumType("ApprovalProcess", { values: APPROVAL_PROCESSES });
const ApprovalStateEnum = builder.enumType("ApprovalState", {
  description: "created, requested, approved, rejected; cancelled when another's rejection or a removal ended the request.",
  values: APPROVAL_STATES,
});

const ApprovalSettings = builder.simpleObject("ApprovalSettings", {
  fields: (t) => ({ allowComment: t.boolean(), allowModification: t.boolean(), allowDownload: t.boolean() }),
});

const ApprovalSettingsInput = builder.inputType("ApprovalSettingsInput", {
  fields: (t) => ({ allowComment: t.boolean(), allowModification: t.boolean(), allowDownload: t.boolean() }),
});

const ApprovalRef = builder.objectRef<ApprovalOutput>("Approval").implement({
  description: "Someone asked to approve a document (spec Approval).",
  fields: (t) => ({
    id: t.exposeID("id"),
    documentId: t.exposeID("documentId"),
    userId: t.exposeID("userId", { nullable: true }),
    firstName: t.exposeString("firstName"),
    lastName: t.exposeString("lastName"),
    email: t.exposeString("email"),
    message: t.exposeString("message", { nullable: true }),
    order: t.exposeInt("order"),
    settings: t.field({ type: ApprovalSettings, resolve: (a) => a.settings }),
    state: t.field({ type: ApprovalStateEnum, resolve: (a) => a.state }),
    comment: t.exposeString("comment", { nullable: true }),
    requestedAt: t.expose("requestedAt", { type: "DateTime", nullable: true }),
    approvedAt: t.expose("approvedAt", { type: "DateTime", nullable: true }),
    rejectedAt: t.expose("rejectedAt", { type: "DateTime", nullable: true }),
    viewedAt: t.expose("viewedAt", { type: "DateTime", nullable: true }),
    modifiedAt: t.expose("modifiedAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const ApprovalMessageRef = builder.objectRef<ApprovalMessageOutput>("ApprovalMessage").implement({
  description: "A message in an approval's thread (spec ApprovalMessage); type message, approved or rejected.",
  fields: (t) => ({
    id: t.exposeID("id"),
    approvalId: t.exposeID("approvalId"),
    message: t.exposeString("message"),
    type: t.exposeString("type"),
    author: t.exposeString("authorName"),
    authorEmail: t.exposeString("authorEmail"),
    byReviewer: t.exposeBoolean("byReviewer"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const ApprovalPage = builder
  .objectRef<{ items: ApprovalOutput[]; nextCursorId: string | null; approvalProcess: string }>("ApprovalPage")
  .implement({
    fields: (t) => ({
      items: t.field({ type: [ApprovalRef], resolve: (p) => p.items }),
      nextCursorId: t.exposeID("nextCursorId", { nullable: true, description: "The cursorId of the next page; null at the end." }),
      approvalProcess: t.field({ type: ApprovalProcessEnum, resolve: (p) => p.approvalProcess as (typeof APPROVAL_PROCESSES)[number] }),
    }),
  });

const ApprovalMessagePage = builder
  .objectRef<{ items: ApprovalMessageOutput[]; nextCursorId: string | null }>("ApprovalMessagePage")
  .implement({
    fields: (t) => ({
      items: t.field({ type: [ApprovalMessageRef], resolve: (p) => p.items }),
      nextCursorId: t.exposeID("nextCursorId", {
        nullable: true,
        description: "The cursorId of the earlier messages; null when there are none.",
      }),
    }),
  });

const ValidApprovalDocument = builder.simpleObject("ValidApprovalDocument", {
  fields: (t) => ({ id: t.id(), name: t.string(), status: t.string(), approvalProcess: t.string() }),
});
const ValidApprovalFile = builder.simpleObject("ValidApprovalFile", {
  fields: (t) => ({ name: t.string(), mimetype: t.string(), size: t.int(), version: t.int() }),
});
const ValidApproval = builder
  .objectRef<{
    approval: ApprovalOutput;
    document: { id: string; name: string; status: string; approvalProcess: string };
    account: { name: string };
    file: { name: string; mimetype: string; size: number; version: number };
    html: string | null;
    modification: unknown;
  }>("ValidApproval")
  .implement({
    description: "What the reviewer's screen shows, for a valid signed token.",
    fields: (t) => ({
      approval: t.field({ type: ApprovalRef, resolve: (v) => v.approval }),
      document: t.field({ type: ValidApprovalDocument, resolve: (v) => v.document }),
      accountName: t.string({ resolve: (v) => v.account.name }),
      file: t.field({ type: ValidApprovalFile, resolve: (v) => v.file }),
      html: t.exposeString("html", { nullable: true, description: "The sanitised HTML of a Word file; null for a PDF." }),
      modification: t.field({
        type: "JSON",
        nullable: true,
        description:
          "With allowModification: { kind: values|file, templateName, variables, currency, globals, values, files, maxUploadBytes }; null otherwise.",
        resolve: (v) => v.modification ?? null,
      }),
    }),
  });

const RevisionResult = builder.simpleObject("ApprovalRevision", {
  description: "The new version a reviewer's change made.",
  fields: (t) => ({ version: t.int() }),
});

const RevisionFieldFile = builder.inputType("RevisionFieldFile", {
  fields: (t) => ({ name: t.string({ required: true }), file: t.field({ type: "File", required: true }) }),
});

const ApprovalProcessResult = builder.simpleObject("ApprovalProcessResult", {
  fields: (t) => ({ documentId: t.id(), approvalProcess: t.string() }),
});

const ApproverInput = builder.inputType("ApproverInput", {
  fields: (t) => ({
    userId: t.id({ description: "A member of the workspace (internal approver)." }),
    firstName: t.string(),
    lastName: t.string(),
    email: t.string({ description: "An outside person's address (or a member's)." }),
    message: t.string(),
    order: t.int(),
    settings: t.field({ type: ApprovalSettingsInput }),
  }),
});

builder.queryFields((t) => ({
  approvals: t.field({
    type: ApprovalPage,
    description: "A document's approvers in order, cursor-paged (reader).",
    args: { documentId: t.arg.id({ required: true }), size: t.arg.int(), cursorId: t.arg.id() },
    resolve: resolveOperation(listApprovals, (args) => graphqlInput(args, ["documentId", "cursorId"])),
  }),
  approvalMessages: t.field({
    type: ApprovalMessagePage,
    description: "An approval's thread, newest first, cursor-paged (a member with reader, or the reviewer by the signed header).",
    args: { approvalId: t.arg.id({ required: true }), size: t.arg.int(), cursorId: t.arg.id() },
    resolve: resolveOperation(approvalMessagesOperation, (args) => graphqlInput(args, ["approvalId", "cursorId"])),
  }),
  fetchValidApproval: t.field({
    type: ValidApproval,
    description: "The reviewer's approval for the signed header; SIGNING_LINK_INVALID with details.reason otherwise.",
    resolve: resolveOperation(fetchValidApprovalOperation, () => ({})),
  }),
}));

builder.mutationFields((t) => ({
  createApproval: t.field({
    type: ApprovalRef,
    args: { documentId: t.arg.id({ required: true }), data: t.arg({ type: ApproverInput, required: true }) },
    resolve: resolveOperation(createApprovalOperation, ({ documentId, data }) => ({
      ...graphqlInput(data as Record<string, unknown>, ["userId"]),
      documentId: String(documentId),
    })),
  }),
  updateApproval: t.field({
    type: ApprovalRef,
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: ApproverInput, required: true }) },
    resolve: resolveOperation(updateApprovalOperation, ({ id, data }) => {
      const { userId: _ignored, ...rest } = graphqlInput(data as Record<string, unknown>);
      void _ignored;
      return { ...rest, id: String(id) };
    }),
  }),
  deleteApproval: t.field({
    type: "ID",
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(deleteApprovalOperation, null, (result) => result.id),
  }),
  setApprovalProcess: t.field({
    type: ApprovalProcessResult,
    args: { documentId: t.arg.id({ required: true }), approvalProcess: t.arg({ type: ApprovalProcessEnum, required: true }) },
    resolve: resolveOperation(setApprovalProcessOperation),
  }),
  requestApprovals: t.field({
    type: [ApprovalRef],
    description: "Sends the document for approval (editor).",
    args: { documentId: t.arg.id({ required: true }) },
    resolve: resolveOperation(requestApprovalsOperation),
  }),
  requestApproval: t.field({
    type: ApprovalRef,
    description: "Asks one approver whose turn it is, or sends them a new link (editor).",
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(requestApprovalOperation),
  }),
  reviseApprovalDocument: t.field({
    type: RevisionResult,
    description:
      "The reviewer changes the document when their approval allows modification (signed header), as a new version: `values` (and `fieldFiles`) for a document made from a template, else the revised `file`.",
    args: {
      id: t.arg.id({ required: true }),
      values: t.arg({ type: "JSON" }),
      file: t.arg({ type: "File" }),
      fieldFiles: t.arg({ type: [RevisionFieldFile] }),
    },
    resolve: async (_root, args, { ctx }: { ctx: ServiceContext }) => {
      const named: [string, File][] = [
        ...(args.file ? [["file", args.file as File] as [string, File]] : []),
        ...((args.fieldFiles as { name: string; file: File }[] | null) ?? []).map((f) => [f.name, f.file] as [string, File]),
      ];
      const files = await Promise.all(named.map(async ([field, file]) => ({ ...(await uploadedFile(file)), field })));
      const values = args.values ? { values: args.values as Record<string, never> } : {};
      return runOperation(reviseApprovalDocumentOperation, ctx, { id: String(args.id), ...values, files });
    },
  }),
  reviewDocument: t.field({
    type: ApprovalRef,
    description: "The reviewer approves or rejects, by the signed header; once only.",
    args: { id: t.arg.id({ required: true }), isApproved: t.arg.boolean({ required: true }), comment: t.arg.string() },
    resolve: resolveOperation(reviewDocumentOperation, (args) => graphqlInput(args, ["id"])),
  }),
  sendApprovalMessage: t.field({
    type: ApprovalMessageRef,
    description: "Adds a message to an approval's thread (a member with commenter, or the reviewer by the signed header).",
    args: { approvalId: t.arg.id({ required: true }), data: t.arg.string({ required: true }) },
    resolve: resolveOperation(sendApprovalMessageOperation),
  }),
}));
