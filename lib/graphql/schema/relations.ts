import { createComment, deleteComment, listComments, resolveComment, updateComment } from "@/lib/documents/comment-operations";
import type { PresentedComment } from "@/lib/documents/comments";
import {
  bulkDeleteRelations,
  createRelation,
  deleteRelation,
  listRelations,
  updateRelation,
  upsertRelation,
} from "@/lib/documents/relation-operations";
import { COMMENT_KINDS, RELATION_TYPES } from "@/lib/documents/relation-types";
import type { PresentedRelation, RelationEnd } from "@/lib/documents/present-relations";
import { resolveOperation } from "@/lib/operations/graphql";
import { builder } from "../builder";
import { withoutUndefined } from "./arguments";
import { DocumentStatusEnum } from "./document-types";

const RelationTypeEnum = builder.enumType("DocumentRelationType", {
  description: "What the source says of the target: related, amends, renews, replaces, annex, basedOn.",
  values: RELATION_TYPES,
});

const RelationEndRef = builder.objectRef<RelationEnd>("DocumentRelationEnd").implement({
  description: "The other side of a relation. A document the caller cannot open has no id, name or status.",
  fields: (t) => ({
    kind: t.exposeString("kind", { description: "document or template" }),
    id: t.exposeID("id", { nullable: true }),
    name: t.exposeString("name", { nullable: true }),
    status: t.field({ type: DocumentStatusEnum, nullable: true, resolve: (end) => end.status }),
    format: t.exposeString("format", { nullable: true, description: "pdf or docx: what a download gives." }),
    canOpen: t.exposeBoolean("canOpen"),
  }),
});

/** A relation seen from one document (spec DocumentRelation). */
const RelationRef = builder.objectRef<PresentedRelation>("DocumentRelation").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    type: t.field({ type: RelationTypeEnum, resolve: (r) => r.type }),
    tag: t.exposeString("tag", { nullable: true }),
    direction: t.exposeString("direction", { description: "outgoing: this document → other; incoming: other → this document." }),
    other: t.field({ type: RelationEndRef, resolve: (r) => r.other }),
    canEdit: t.exposeBoolean("canEdit", { description: "The caller may retag or remove it (editor on its source)." }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

const CommentAuthor = builder.simpleObject("DocumentCommentAuthor", { fields: (t) => ({ id: t.id(), name: t.string() }) });

const CommentKindEnum = builder.enumType("DocumentCommentKind", {
  description:
    "comment, or suggestion: a proposed change to the text that only reviewers and up see and write, and an editor marks applied.",
  values: COMMENT_KINDS,
});

const CommentVisitor = builder.simpleObject("DocumentCommentVisitor", {
  description: "A share-link visitor who wrote a comment.",
  fields: (t) => ({
    name: t.string({ description: "The name they signed with, or their confirmed address." }),
    email: t.string({ nullable: true, description: "Their confirmed address (secure links only)." }),
    linkName: t.string({ nullable: true, description: "The link they came through; null once it is removed." }),
  }),
});

/** A comment or a reply (parentId) on a document. */
const CommentRef = builder.objectRef<PresentedComment>("DocumentComment").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    documentId: t.exposeID("documentId"),
    parentId: t.exposeID("parentId", { nullable: true }),
    kind: t.field({ type: CommentKindEnum, description: "A reply has its thread's kind.", resolve: (c) => c.kind }),
    body: t.exposeString("body"),
    author: t.field({
      type: CommentAuthor,
      nullable: true,
      description: "The member who wrote it; null for a visitor's comment or a former member's.",
      resolve: (c) => c.author,
    }),
    visitor: t.field({
      type: CommentVisitor,
      nullable: true,
      description: "Set when a share-link visitor wrote it.",
      resolve: (c) => c.visitor,
    }),
    resolvedAt: t.expose("resolvedAt", { type: "DateTime", nullable: true }),
    isEdited: t.exposeBoolean("isEdited"),
    canEdit: t.exposeBoolean("canEdit"),
    canResolve: t.exposeBoolean("canResolve"),
    canDelete: t.exposeBoolean("canDelete"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

const RelationInput = builder.inputType("DocumentRelationInput", {
  fields: (t) => ({
    id: t.id({ description: "upsertRelation only: the relation to change (then only type and tag)." }),
    toDocumentId: t.id({ description: "createRelation: the related document (or toTemplateId)." }),
    toTemplateId: t.id({ description: "createRelation: the related template (or toDocumentId)." }),
    type: t.field({ type: RelationTypeEnum }),
    tag: t.string({ description: "A short label; null or empty clears it." }),
  }),
});

const CommentInput = builder.inputType("DocumentCommentInput", {
  fields: (t) => ({
    body: t.string({ required: true }),
    parentId: t.id({ description: "createComment: the comment replied to." }),
    kind: t.field({
      type: CommentKindEnum,
      description: "createComment: comment (the default) or suggestion (reviewer role). A reply takes its thread's kind.",
    }),
  }),
});

builder.queryFields((t) => ({
  relations: t.field({
    type: [RelationRef],
    description: "A document's relations in both directions (reader role).",
    args: { documentId: t.arg.id({ required: true }) },
    resolve: resolveOperation(listRelations, ({ documentId }) => ({ id: String(documentId) })),
  }),
  comments: t.field({
    type: [CommentRef],
    description: "A document's comments and replies, oldest first (commenter role).",
    args: { documentId: t.arg.id({ required: true }) },
    resolve: resolveOperation(listComments, ({ documentId }) => ({ id: String(documentId) })),
  }),
}));

const idsToStrings = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).map(([k, v]) => [k, typeof v === "number" ? String(v) : v]));

builder.mutationFields((t) => ({
  createRelation: t.field({
    type: RelationRef,
    args: { documentId: t.arg.id({ required: true }), data: t.arg({ type: RelationInput, required: true }) },
    resolve: resolveOperation(createRelation, ({ documentId, data }) => {
      // createRelation takes no relation id: one given is refused as a field the input does not know.
      const { id: relationId, ...rest } = idsToStrings(withoutUndefined(data as Record<string, unknown>));
      return { ...rest, ...(relationId == null ? {} : { relationId }), id: String(documentId) };
    }),
  }),
  updateRelation: t.field({
    type: RelationRef,
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: RelationInput, required: true }) },
    resolve: resolveOperation(updateRelation, ({ id, data }) => {
      const { type, tag } = withoutUndefined(data as Record<string, unknown>);
      return { ...withoutUndefined({ type, tag }), relationId: String(id) };
    }),
  }),
  upsertRelation: t.field({
    type: RelationRef,
    description: "Creates a relation from documentId, or with data.id changes the type or tag of one leaving it.",
    args: { documentId: t.arg.id({ required: true }), data: t.arg({ type: RelationInput, required: true }) },
    resolve: resolveOperation(upsertRelation, ({ documentId, data }) => {
      const { id: relationId, ...rest } = idsToStrings(withoutUndefined(data as Record<string, unknown>));
      return { ...rest, ...(relationId == null ? {} : { relationId: String(relationId) }), id: String(documentId) };
    }),
  }),
  deleteRelation: t.field({
    type: "ID",
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(
      deleteRelation,
      ({ id }) => ({ relationId: String(id) }),
      (result) => result.id,
    ),
  }),
  bulkDeleteRelations: t.field({
    type: ["ID"],
    description: "Removes several relations, all or none (editor on each one's source).",
    args: { ids: t.arg.idList({ required: true }) },
    resolve: resolveOperation(bulkDeleteRelations, null, (result) => result.ids),
  }),
  createComment: t.field({
    type: CommentRef,
    args: { documentId: t.arg.id({ required: true }), data: t.arg({ type: CommentInput, required: true }) },
    resolve: resolveOperation(createComment, ({ documentId, data }) => {
      // kind: null means "not given" (the default, comment), as an absent argument.
      const { kind, ...rest } = withoutUndefined(data as Record<string, unknown>);
      return { ...idsToStrings(rest), ...(kind == null ? {} : { kind }), id: String(documentId) };
    }),
  }),
  updateComment: t.field({
    type: CommentRef,
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: CommentInput, required: true }) },
    resolve: resolveOperation(updateComment, ({ id, data }) => ({ body: (data as { body: string }).body, commentId: String(id) })),
  }),
  resolveComment: t.field({
    type: CommentRef,
    description: "Resolves a thread, or reopens it with resolved: false (its author or an editor).",
    args: { id: t.arg.id({ required: true }), resolved: t.arg.boolean() },
    resolve: resolveOperation(resolveComment, ({ id, resolved }) => ({ resolved: resolved ?? true, commentId: String(id) })),
  }),
  deleteComment: t.field({
    type: "ID",
    description: "Deletes a comment and its replies (its author or an owner).",
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(
      deleteComment,
      ({ id }) => ({ commentId: String(id) }),
      (result) => result.id,
    ),
  }),
}));
