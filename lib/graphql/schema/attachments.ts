import { attachmentsOperation, createAttachmentOperation, deleteAttachmentOperation } from "@/lib/documents/attachment-operations";
import type { DocumentAttachmentView } from "@/lib/documents/attachment-view";
import { runOperation, type Operation } from "@/lib/operations/operation";
import { builder } from "../builder";
import { declaredField, oneFile, type Naming } from "../from-declarations";
import { DocumentRef, UserSummary } from "./document-types";

/**
 * The attachments' fields run their declarations (lib/documents/attachment-operations.ts) and are
 * built from them (lib/graphql/from-declarations.ts): arguments by the input's names (`id` is the
 * document's, `attachmentId` the attachment's, as in the REST paths), descriptions, the upload's
 * File argument. Written by hand: the Attachment object (its `path` and author) and the
 * document's `attachments` relation.
 */
const naming: Naming = { names: new Map(), enums: {} };

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

/** A deletion answers the id of the attachment removed (as before). */
const removedId = { pick: { type: "ID", from: (result: { id: string }) => result.id } as never };

builder.queryFields((t) => ({
  // The list as before (the items alone); the declaration answers them as `items` (REST).
  attachments: declaredField(t as never, attachmentsOperation as unknown as Operation, naming, {
    pick: { type: [AttachmentRef], from: (result: { items: unknown[] }) => result.items } as never,
  }) as never,
}));

builder.mutationFields((t) => ({
  createAttachment: declaredField(t as never, createAttachmentOperation as unknown as Operation, naming, {
    ref: AttachmentRef,
    upload: oneFile(),
  }) as never,
  deleteAttachment: declaredField(t as never, deleteAttachmentOperation as unknown as Operation, naming, removedId) as never,
}));
