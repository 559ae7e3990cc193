import { z } from "zod";
import { defineOperation } from "@/lib/operations/operation";
import { addDocumentComment, deleteDocumentComment, findDocumentComments, updateDocumentComment } from "./document-comments";
import { resolveDocumentComment } from "./resolve-document-comment";
import { createCommentSchema, resolveCommentSchema, updateCommentSchema } from "./relation-schemas";
import { COMMENT_KINDS } from "./relation-types";
import { idString } from "@/lib/validation/ids";

/**
 * A document's comments (spec section 7, "document comments"), declared once for REST and
 * GraphQL (lib/operations/operation.ts). The services check the caller's role on the document
 * (commenter to read and write, the author or an editor to resolve, the author or an owner to
 * delete); an API token acts as its member. Share-link visitors comment through
 * lib/links/visitor-operations.ts.
 */
const members = { callers: ["member", "apiToken"] } as const;
const id = idString();

export const commentSchema = z.object({
  id: z.string(),
  documentId: z.string(),
  parentId: z.string().nullable(),
  kind: z.enum(COMMENT_KINDS).describe("A reply has its thread's kind."),
  body: z.string(),
  author: z
    .object({ id: z.string(), name: z.string() })
    .nullable()
    .describe("The member who wrote it; null for a visitor's comment or a former member's."),
  visitor: z
    .object({
      name: z.string().describe("The name they signed with, or their confirmed address."),
      email: z.string().nullable().describe("Their confirmed address (secure links only)."),
      linkName: z.string().nullable().describe("The link they came through; null once it is removed."),
    })
    .describe("A share-link visitor who wrote a comment.")
    .nullable()
    .describe("Set when a share-link visitor wrote it."),
  resolvedAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  isEdited: z.boolean(),
  canEdit: z.boolean(),
  canResolve: z.boolean(),
  canDelete: z.boolean(),
});

export const listComments = defineOperation({
  name: "comments",
  kind: "query",
  description: "A document's comments and replies, oldest first (commenter role).",
  ...members,
  input: z.object({ id }).strict(),
  output: z.array(commentSchema),
  ids: ["id"],
  run: (ctx, input) => findDocumentComments(ctx, input.id),
});

export const createComment = defineOperation({
  name: "createComment",
  kind: "mutation",
  description: "Adds a comment or a reply (commenter); a suggestion needs the reviewer role, a reply takes its thread's kind.",
  ...members,
  input: createCommentSchema.extend({ id }),
  output: commentSchema,
  ids: ["id", "parentId"],
  run: (ctx, { id: documentId, ...data }) => addDocumentComment(ctx, documentId, data),
});

export const updateComment = defineOperation({
  name: "updateComment",
  kind: "mutation",
  description: "Edits a comment's text (its author).",
  ...members,
  input: updateCommentSchema.extend({ commentId: id }),
  output: commentSchema,
  ids: ["commentId"],
  run: (ctx, { commentId, ...data }) => updateDocumentComment(ctx, commentId, data),
});

export const resolveComment = defineOperation({
  name: "resolveComment",
  kind: "mutation",
  description: "Resolves a thread, or reopens it with resolved: false (its author or an editor).",
  ...members,
  input: resolveCommentSchema.extend({ commentId: id }),
  output: commentSchema,
  ids: ["commentId"],
  run: (ctx, { commentId, ...data }) => resolveDocumentComment(ctx, commentId, data),
});

export const deleteComment = defineOperation({
  name: "deleteComment",
  kind: "mutation",
  description: "Deletes a comment and its replies (its author or an owner).",
  ...members,
  input: z.object({ commentId: id }).strict(),
  output: z.object({ id: z.string() }),
  ids: ["commentId"],
  run: async (ctx, input) => ({ id: await deleteDocumentComment(ctx, input.commentId) }),
});

export const commentOperations = [listComments, createComment, updateComment, resolveComment, deleteComment];
