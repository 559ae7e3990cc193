import { z } from "zod";
import { fileResponse } from "@/lib/http/file-response";
import { defineOperation, fileOutput, uploadedFiles } from "@/lib/operations/operation";
import { addDocumentAttachment } from "./add-document-attachment";
import { deleteDocumentAttachment } from "./delete-document-attachment";
import { attachmentSchema } from "./document-output";
import { findDocumentAttachments } from "./find-document-attachments";
import { getDocumentAttachmentFile } from "./get-document-attachment-file";
import { idString } from "@/lib/validation/ids";

/**
 * The files kept with a document besides its versions (its upload fields' files and its
 * annexes), declared once (lib/operations/operation.ts). `id` is the document's, as in the
 * REST paths; GraphQL's `documentId` maps to it. The services check the caller's role.
 */
const members = { callers: ["member", "apiToken"] } as const;
const id = idString();

export const attachmentsOperation = defineOperation({
  name: "attachments",
  kind: "query",
  description: "The files kept with a document, oldest first: its upload fields' files and its annexes (reader).",
  ...members,
  input: z.object({ id }).strict(),
  output: z.object({ items: z.array(attachmentSchema) }),
  ids: ["id"],
  run: async (ctx, input) => ({ items: await findDocumentAttachments(ctx, input.id) }),
});

export const createAttachmentOperation = defineOperation({
  name: "createAttachment",
  kind: "upload",
  description:
    "Adds an annex: a PDF, Word (.docx) or image, checked by its content (editor; DOCUMENT_LOCKED while someone else edits; TOO_MANY_ATTACHMENTS past the limit).",
  ...members,
  upload: { maxFiles: 1 },
  input: z.object({ id: id.describe("The document's."), files: uploadedFiles.min(1).max(1) }).strict(),
  output: attachmentSchema,
  ids: ["id"],
  run: (ctx, input) => addDocumentAttachment(ctx, input.id, input.files[0]),
});

export const getAttachmentFileOperation = defineOperation({
  name: "getAttachmentFile",
  kind: "download",
  description: "Downloads an attachment; `inline=1` lets the browser show a PDF or an image; audited (reader).",
  ...members,
  input: z.object({ id, attachmentId: id, inline: z.enum(["1"]).optional() }).strict(),
  output: fileOutput,
  ids: ["id", "attachmentId"],
  run: async (ctx, input) =>
    fileResponse(await getDocumentAttachmentFile(ctx, input.id, input.attachmentId), { inline: input.inline === "1" }),
});

export const deleteAttachmentOperation = defineOperation({
  name: "deleteAttachment",
  kind: "mutation",
  description: "Removes an annex and its file (editor); the file of one of the document's fields stays (ATTACHMENT_FILLS_FIELD).",
  ...members,
  input: z.object({ id, attachmentId: id }).strict(),
  output: z.object({ id: z.string() }),
  ids: ["id", "attachmentId"],
  run: (ctx, input) => deleteDocumentAttachment(ctx, input.id, input.attachmentId),
});

export const attachmentOperations = [
  attachmentsOperation,
  createAttachmentOperation,
  getAttachmentFileOperation,
  deleteAttachmentOperation,
];
