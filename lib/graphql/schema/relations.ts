import type { z } from "zod";
import * as comments from "@/lib/documents/comment-operations";
import * as relations from "@/lib/documents/relation-operations";
import { COMMENT_KINDS, RELATION_TYPES } from "@/lib/documents/relation-types";
import { DOCUMENT_STATUSES } from "@/lib/documents/status";
import { DocumentStatus } from "@/lib/generated/prisma/enums";
import type { Operation } from "@/lib/operations/operation";
import { builder } from "../builder";
import { declaredFields, type Naming } from "../from-declarations";
import { DocumentStatusEnum } from "./document-types";

/**
 * A document's relations and comments (spec section 7, "document relations" and "document
 * comments"): relations, relationCandidates, createRelation, updateRelation, upsertRelation,
 * deleteRelation, bulkDeleteRelations; comments, createComment, updateComment, resolveComment,
 * deleteComment. Each field runs its declaration (lib/documents/relation-operations.ts,
 * lib/documents/comment-operations.ts) and is built from it (lib/graphql/from-declarations.ts):
 * arguments, result type, enums and description; a deletion answers the id alone.
 */
const RelationTypeEnum = builder.enumType("DocumentRelationType", {
  description: "What the source says of the target: related, amends, renews, replaces, annex, basedOn.",
  values: RELATION_TYPES,
});

export const CommentKindEnum = builder.enumType("DocumentCommentKind", {
  description:
    "comment, or suggestion: a proposed change to the text that only reviewers and up see and write, and an editor marks applied.",
  values: COMMENT_KINDS,
});

/** The GraphQL names of the declarations' shapes (lib/graphql/from-declarations.ts). */
const naming: Naming = {
  names: new Map<z.ZodType, string>([
    [relations.relationSchema, "DocumentRelation"],
    [relations.relationSchema.shape.other, "DocumentRelationEnd"],
    [comments.commentSchema, "DocumentComment"],
    [comments.commentSchema.shape.author.unwrap(), "DocumentCommentAuthor"],
    [comments.commentSchema.shape.visitor.unwrap(), "DocumentCommentVisitor"],
  ]),
  enums: {
    [RELATION_TYPES.join("|")]: RelationTypeEnum,
    [COMMENT_KINDS.join("|")]: CommentKindEnum,
    [DOCUMENT_STATUSES.join("|")]: DocumentStatusEnum,
    [Object.values(DocumentStatus).join("|")]: DocumentStatusEnum,
    "outgoing|incoming": "DocumentRelationDirection",
    "document|template": "DocumentRelationEndKind",
    "pdf|docx": "DocumentRelationEndFormat",
  },
};

const pickId = { pick: { type: "ID", from: (result: { id: string }) => result.id } };
const pickIds = { pick: { type: ["ID"], from: (result: { ids: string[] }) => result.ids } };

builder.queryFields((t) =>
  declaredFields(
    t as never,
    [relations.listRelations, relations.listRelationCandidates, comments.listComments] as unknown as Operation[],
    naming,
    { relationCandidates: "RelationCandidates" },
  ),
);

const declaredMutations = [
  relations.createRelation,
  relations.updateRelation,
  relations.upsertRelation,
  relations.deleteRelation,
  relations.bulkDeleteRelations,
  comments.createComment,
  comments.updateComment,
  comments.resolveComment,
  comments.deleteComment,
] as const;

builder.mutationFields((t) =>
  declaredFields(t as never, declaredMutations as unknown as Operation[], naming, {
    deleteRelation: pickId,
    bulkDeleteRelations: pickIds,
    deleteComment: pickId,
  }),
);
