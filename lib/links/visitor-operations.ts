import { z } from "zod";
import type { ServiceContext } from "@/lib/auth/context";
import { createLinkCommentSchema, updateCommentSchema } from "@/lib/documents/relation-schemas";
import { COMMENT_KINDS } from "@/lib/documents/relation-types";
import { fileResponse } from "@/lib/http/file-response";
import { defineOperation, fileOutput } from "@/lib/operations/operation";
import { addLinkComment, deleteLinkComment, findLinkComments, updateLinkComment } from "./link-comments";
import { getLinkedAttachmentFile, getLinkedDocument, getLinkedDocumentFile } from "./linked-document";
import { LINK_ROLES, linkIdSchema } from "./schemas";
import { idString } from "@/lib/validation/ids";

/**
 * What a share link's visitor does once the link is open (docs/share-links.md), declared once
 * (lib/operations/operation.ts). The caller is a visitor: buildContext reads their link access
 * token (`Authorization: Bearer`), and each service checks it and the link again
 * (lib/links/link-access.ts), so a visitor reaches exactly the one document of their link.
 * None takes a workspace's ids in the isolation test's sense: the token decides which document,
 * and an id of anything else is NOT_FOUND or UNAUTHENTICATED (tests/integration/links).
 */
const visitors = { callers: ["visitor"] } as const;
const id = idString();
const token = (ctx: ServiceContext) => ctx.linkToken ?? null;

export const linkedDocument = defineOperation({
  name: "linkedDocument",
  kind: "query",
  description: "The shared document for the visitor's link: details, files attached, and for a DOCX its sanitised HTML.",
  ...visitors,
  input: z.object({}).strict(),
  output: z.object({
    document: z.object({ id: z.string(), name: z.string(), status: z.string() }),
    account: z.object({ name: z.string() }),
    role: z.enum(LINK_ROLES),
    email: z.string().nullable(),
    permissions: z.array(z.string()),
    canDownload: z.boolean(),
    file: z.object({ name: z.string(), mimetype: z.string(), size: z.number().int(), version: z.number().int() }),
    attachments: z.array(z.object({ id: z.string(), name: z.string(), mimetype: z.string(), size: z.number().int() })),
    html: z.string().nullable(),
  }),
  run: (ctx) => getLinkedDocument(ctx, token(ctx)),
});

export const linkedDocumentFile = defineOperation({
  name: "linkedDocumentFile",
  kind: "download",
  description: "The shared document's latest file; inline=1 to show a PDF in the page.",
  ...visitors,
  input: z.object({ inline: z.enum(["1"]).optional() }).strict(),
  output: fileOutput,
  run: async (ctx, input) => {
    const inline = input.inline === "1";
    return fileResponse(await getLinkedDocumentFile(ctx, token(ctx), { inline }), { inline });
  },
});

export const linkedAttachmentFile = defineOperation({
  name: "linkedAttachmentFile",
  kind: "download",
  description: "A file attached to the shared document.",
  ...visitors,
  input: z.object({ attachmentId: id }).strict(),
  output: fileOutput,
  run: async (ctx, input) => fileResponse(await getLinkedAttachmentFile(ctx, token(ctx), input.attachmentId)),
});

export const linkCommentSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  kind: z.enum(COMMENT_KINDS),
  body: z.string(),
  authorName: z.string().nullable(),
  isVisitor: z.boolean(),
  isOwn: z.boolean(),
  resolvedAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  isEdited: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});

export const linkComments = defineOperation({
  name: "linkComments",
  kind: "query",
  description: "The shared document's comments, for a commenter or reviewer link (suggestions for a reviewer link).",
  ...visitors,
  input: z.object({ linkId: linkIdSchema }).strict(),
  output: z.array(linkCommentSchema),
  run: (ctx, input) => findLinkComments(ctx, input.linkId, token(ctx)),
});

export const createLinkComment = defineOperation({
  name: "createLinkComment",
  kind: "mutation",
  description: "Adds a comment or a reply through a link: { body, parentId?, kind?, authorName? } (the name unless the link is secure).",
  ...visitors,
  input: createLinkCommentSchema.extend({ linkId: linkIdSchema }),
  output: linkCommentSchema,
  run: (ctx, { linkId, ...data }) => addLinkComment(ctx, linkId, token(ctx), data),
});

export const updateLinkCommentOperation = defineOperation({
  name: "updateLinkComment",
  kind: "mutation",
  description: "Edits the text of a comment the visitor wrote through this link.",
  ...visitors,
  input: updateCommentSchema.extend({ linkId: linkIdSchema, commentId: id }),
  output: linkCommentSchema,
  run: (ctx, { linkId, commentId, ...data }) => updateLinkComment(ctx, linkId, token(ctx), commentId, data),
});

export const deleteLinkCommentOperation = defineOperation({
  name: "deleteLinkComment",
  kind: "mutation",
  description: "Deletes a comment the visitor wrote through this link, with its replies.",
  ...visitors,
  input: z.object({ linkId: linkIdSchema, commentId: id }).strict(),
  output: z.object({ id: z.string() }),
  run: async (ctx, { linkId, commentId }) => ({ id: await deleteLinkComment(ctx, linkId, token(ctx), commentId) }),
});

export const visitorOperations = [
  linkedDocument,
  linkedDocumentFile,
  linkedAttachmentFile,
  linkComments,
  createLinkComment,
  updateLinkCommentOperation,
  deleteLinkCommentOperation,
];
