import { attachmentsOperation, createAttachmentOperation, deleteAttachmentOperation } from "@/lib/documents/attachment-operations";
import type { DocumentAttachmentView } from "@/lib/documents/attachment-view";
import { resolveOperation } from "@/lib/operations/graphql";
import { runOperation } from "@/lib/operations/operation";
import { builder } from "../builder";
import { DocumentRef, UserSummary } from "./document-types";
import { resolveUpload } from "../resolve-upload";

/**
 * A file kept with a document besides its versions (lib/documents/attachments.ts): the file of
 * one of its template's upload fields (`variable`), or an annex (`variable` null). Never its
 * storage key: `path` is where it downloads from.
 */
const AttachmentRef = builder.objectRef<DocumentAttachmentView>("Attachment").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    documentId: t.exposeID("documentId"),
    variable: t.exposeString("variable", { nullable: true, description: "The template field this file fills; null for an annex." }),
    name: t.exposeString("name"),
    mimetype: t.exposeString("mimetype"),
    size: t.exposeInt("size"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    author: t.field({
      type: UserSummary,
      nullable: true,
      description: "Who added the file; null when no longer a user.",
      resolve: (a) => a.author,
    }),
    path: t.string({
      description:
        "Where the file downloads from (GET, the caller's session or token; `?inline=1` to view): /vapp/documents/{documentId}/attachments/{id}.",
      resolve: (a) => `/vapp/documents/${encodeURIComponent(a.documentId)}/attachments/${encodeURIComponent(a.id)}`,
    }),
  }),
});

builder.prismaObjectField(DocumentRef, "attachments", (t) =>
  t.field({
    type: [AttachmentRef],
    description:
      "The files kept with the document, oldest first (reader). For single-document views (`document(id)`, a created document): it asks the attachments service once per document, so a list page would pay that per row; lists use `attachments(documentId)` when a row is opened.",
    // The attachments' declaration, so the document role is checked as for `attachments(documentId)`.
    resolve: async (d, _args, { ctx }) => (await runOperation(attachmentsOperation, ctx, { id: d.id })).items,
  }),
);

builder.queryFields((t) => ({
  attachments: t.field({
    type: [AttachmentRef],
    description: "The files kept with a document, oldest first: its upload fields' files and its annexes (reader).",
    args: { documentId: t.arg.id({ required: true }) },
    resolve: resolveOperation(
      attachmentsOperation,
      ({ documentId }) => ({ id: String(documentId) }),
      (result) => result.items,
    ),
  }),
}));

builder.mutationFields((t) => ({
  createAttachment: t.field({
    type: AttachmentRef,
    description:
      "Adds an annex: a PDF, Word (.docx) or image, checked by its content (editor; DOCUMENT_LOCKED while someone else edits; TOO_MANY_ATTACHMENTS past the limit).",
    args: { documentId: t.arg.id({ required: true }), file: t.arg({ type: "File", required: true }) },
    resolve: resolveUpload(
      createAttachmentOperation,
      ({ documentId }) => ({ id: String(documentId) }),
      ({ file }) => [file as File],
    ),
  }),
  deleteAttachment: t.field({
    type: "ID",
    description: "Removes an annex and its file (editor); the file of one of the document's fields stays (ATTACHMENT_FILLS_FIELD).",
    args: { documentId: t.arg.id({ required: true }), id: t.arg.id({ required: true }) },
    resolve: resolveOperation(
      deleteAttachmentOperation,
      ({ documentId, id }) => ({ id: String(documentId), attachmentId: String(id) }),
      (result) => result.id,
    ),
  }),
}));
