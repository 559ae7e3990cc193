import { z } from "zod";
import type { Variable } from "@/lib/templates/variables";
import { fileResponse } from "@/lib/http/file-response";
import { defineOperation, fileOutput, uploadedFiles } from "@/lib/operations/operation";
import { createApproval } from "./create-approval";
import { deleteApproval } from "./delete-approval";
import { fetchValidApproval } from "./fetch-valid-approval";
import { findApprovalMessages } from "./find-approval-messages";
import { findApprovals } from "./find-approvals";
import { getApprovalFile } from "./get-approval-file";
import { requestApproval } from "./request-approval";
import { requestApprovals } from "./request-approvals";
import { reviseApprovalDocument, reviseApprovalDocumentSchema } from "./revise-approval-document";
import { reviewDocument, reviewDocumentSchema } from "./review-document";
import {
  APPROVAL_MESSAGE_MAX,
  APPROVAL_PROCESSES,
  approvalMessageOutputSchema,
  approvalOutputSchema,
  createApprovalSchema,
  cursorPageSchema,
  updateApprovalSchema,
} from "./schemas";
import { sendApprovalMessage } from "./send-approval-message";
import { setApprovalProcess } from "./set-approval-process";
import { updateApproval } from "./update-approval";
import { idString } from "@/lib/validation/ids";
import { cursorPageOutput } from "@/lib/pagination";

/**
 * Approvals (issue 16, spec section 7 "Approvals"), declared once for REST and GraphQL. Members
 * (and API tokens acting as one) manage a document's approvers with the editor document role and
 * read them with reader; the reviewer acts by the `signed` header (caller kind "reviewer"): the
 * token names their one approval, so their operations take no workspace id beyond it (an id that
 * is not the token's own is SIGNING_LINK_INVALID). docs/approvals-and-signatures.md.
 */
const members = { callers: ["member", "apiToken"] } as const;
const reviewers = { callers: ["reviewer"] } as const;
const id = idString();

export const listApprovals = defineOperation({
  name: "approvals",
  kind: "query",
  description: "A document's approvers in order, cursor-paged (size, cursorId), with the document's approval process (reader).",
  ...members,
  input: z.object({ documentId: id, ...cursorPageSchema }).strict(),
  output: cursorPageOutput(approvalOutputSchema).extend({ approvalProcess: z.enum(APPROVAL_PROCESSES) }),
  ids: ["documentId"],
  run: (ctx, input) => findApprovals(ctx, input),
});

export const createApprovalOperation = defineOperation({
  name: "createApproval",
  kind: "mutation",
  description: "Adds an approver: a member by userId or a person by email and name, with order and settings (editor).",
  ...members,
  input: createApprovalSchema,
  output: approvalOutputSchema,
  ids: ["documentId", "userId"],
  run: (ctx, input) => createApproval(ctx, input),
});

export const updateApprovalOperation = defineOperation({
  name: "updateApproval",
  kind: "mutation",
  description: "Edits an approver who has not decided: name, address (before any request), message, order, settings (editor).",
  ...members,
  input: updateApprovalSchema,
  output: approvalOutputSchema,
  ids: ["id"],
  run: (ctx, input) => updateApproval(ctx, input),
});

export const deleteApprovalOperation = defineOperation({
  name: "deleteApproval",
  kind: "mutation",
  description: "Removes an approver who has not decided; their link ends (editor).",
  ...members,
  input: z.object({ id }).strict(),
  output: z.object({ id: z.string() }),
  ids: ["id"],
  run: (ctx, input) => deleteApproval(ctx, input.id),
});

export const setApprovalProcessOperation = defineOperation({
  name: "setApprovalProcess",
  kind: "mutation",
  description: "Sets the document's approval process, sequential or parallel, while no request is open (editor).",
  ...members,
  input: z.object({ documentId: id, approvalProcess: z.enum(APPROVAL_PROCESSES) }).strict(),
  output: z.object({ documentId: z.string(), approvalProcess: z.enum(APPROVAL_PROCESSES) }),
  ids: ["documentId"],
  run: (ctx, input) => setApprovalProcess(ctx, input.documentId, input.approvalProcess),
});

export const requestApprovalsOperation = defineOperation({
  name: "requestApprovals",
  kind: "mutation",
  description: "Sends the document for approval: the first round (sequential) or everyone (parallel) is emailed a link (editor).",
  ...members,
  input: z.object({ documentId: id }).strict(),
  output: z.array(approvalOutputSchema),
  ids: ["documentId"],
  run: (ctx, input) => requestApprovals(ctx, input.documentId),
});

export const requestApprovalOperation = defineOperation({
  name: "requestApproval",
  kind: "mutation",
  description: "Asks one approver whose turn it is, or sends them a new link (the older one ends) (editor).",
  ...members,
  input: z.object({ id }).strict(),
  output: approvalOutputSchema,
  ids: ["id"],
  run: (ctx, input) => requestApproval(ctx, input.id),
});

export const approvalMessagesOperation = defineOperation({
  name: "approvalMessages",
  kind: "query",
  description: "An approval's message thread, newest first, cursor-paged (a member with reader, or the reviewer by token).",
  callers: ["member", "apiToken", "reviewer"],
  input: z.object({ approvalId: id, ...cursorPageSchema }).strict(),
  output: cursorPageOutput(approvalMessageOutputSchema),
  ids: ["approvalId"],
  run: (ctx, input) => findApprovalMessages(ctx, input),
});

export const sendApprovalMessageOperation = defineOperation({
  name: "sendApprovalMessage",
  kind: "mutation",
  description: "Adds a message to an approval's thread (a member with commenter, or the reviewer by token when comments are allowed).",
  callers: ["member", "apiToken", "reviewer"],
  input: z.object({ approvalId: id, data: z.string().trim().min(1).max(APPROVAL_MESSAGE_MAX) }).strict(),
  output: approvalMessageOutputSchema,
  ids: ["approvalId"],
  run: (ctx, input) => sendApprovalMessage(ctx, input),
});

export const reviewDocumentOperation = defineOperation({
  name: "reviewDocument",
  kind: "mutation",
  description: "The reviewer approves or rejects the document, with an optional comment (signed header); once only.",
  ...reviewers,
  input: reviewDocumentSchema,
  output: approvalOutputSchema,
  run: (ctx, input) => reviewDocument(ctx, input),
});

export const reviseApprovalDocumentOperation = defineOperation({
  name: "reviseApprovalDocument",
  kind: "upload",
  description:
    "The reviewer changes the document when their approval allows modification (signed header), as a new version: a document made from a template takes { values } and files of its upload fields as `field:<name>` parts; any other takes the revised file as the `field:file` part. MODIFICATION_NOT_ALLOWED when the setting is off; SIGNING_LINK_INVALID once decided.",
  ...reviewers,
  upload: { maxFiles: Number.MAX_SAFE_INTEGER, required: false, byField: true, json: true },
  input: reviseApprovalDocumentSchema.extend({ files: uploadedFiles.default([]) }),
  output: z.object({ version: z.number().int() }),
  run: (ctx, { files, ...input }) => reviseApprovalDocument(ctx, input, files),
});

export const fetchValidApprovalOperation = defineOperation({
  name: "fetchValidApproval",
  kind: "query",
  description: "The reviewer's approval, document and rendition for a valid signed token; SIGNING_LINK_INVALID with the reason otherwise.",
  ...reviewers,
  input: z.object({}).strict(),
  output: z.object({
    approval: approvalOutputSchema,
    document: z.object({ id: z.string(), name: z.string(), status: z.string(), approvalProcess: z.enum(APPROVAL_PROCESSES) }),
    account: z.object({ name: z.string() }),
    file: z.object({ name: z.string(), mimetype: z.string(), size: z.number().int(), version: z.number().int() }),
    html: z.string().nullable(),
    modification: z
      .object({
        kind: z.enum(["values", "file"]),
        templateName: z.string().nullable(),
        variables: z.array(z.custom<Variable>()),
        currency: z.string().nullable(),
        globals: z.record(z.string(), z.string()),
        values: z.record(z.string(), z.unknown()),
        files: z.record(z.string(), z.string()),
        maxUploadBytes: z.number().int(),
      })
      .nullable(),
  }),
  run: (ctx) => fetchValidApproval(ctx),
});

export const approvalFileOperation = defineOperation({
  name: "approvalFile",
  kind: "download",
  description: "The document's latest file for its reviewer: inline=1 to show it in the page; a download needs allowDownload.",
  ...reviewers,
  input: z.object({ inline: z.enum(["1"]).optional() }).strict(),
  output: fileOutput,
  run: async (ctx, input) => {
    const inline = input.inline === "1";
    return fileResponse(await getApprovalFile(ctx, { inline }), { inline });
  },
});

export const approvalOperations = [
  listApprovals,
  createApprovalOperation,
  updateApprovalOperation,
  deleteApprovalOperation,
  setApprovalProcessOperation,
  requestApprovalsOperation,
  requestApprovalOperation,
  approvalMessagesOperation,
  sendApprovalMessageOperation,
  reviewDocumentOperation,
  fetchValidApprovalOperation,
  approvalFileOperation,
  reviseApprovalDocumentOperation,
];
