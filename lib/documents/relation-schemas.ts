import { z } from "zod";

/**
 * Input of document relations and comments, shared by REST, GraphQL and the screens (no server
 * imports here: the panels use the constants too).
 */

/** What a relation says about its target (spec DocumentRelation "type"); read "this document <type> the target". */
export const RELATION_TYPES = ["related", "amends", "renews", "replaces", "annex", "basedOn"] as const;
export type RelationType = (typeof RELATION_TYPES)[number];

/** At most this many relations leave one document (a longer list helps nobody). */
export const RELATIONS_PER_DOCUMENT_MAX = 200;
/** The longest tag: a short label such as "2024 renewal", not a note. */
export const RELATION_TAG_MAX = 40;
/** The longest comment. */
export const COMMENT_BODY_MAX = 5000;
/** The longest name a share-link visitor signs a comment with. */
export const COMMENT_AUTHOR_NAME_MAX = 80;
/**
 * A comment, or a suggestion: a proposed change that only reviewers and up see and write, and
 * an editor marks applied (spec section 6: the reviewer role "views and adds suggestions").
 */
export const COMMENT_KINDS = ["comment", "suggestion"] as const;
export type CommentKind = (typeof COMMENT_KINDS)[number];

const id = z.string().min(1).max(64);
/** An empty tag clears it. */
const tag = z
  .string()
  .trim()
  .max(RELATION_TAG_MAX)
  .nullable()
  .transform((value) => value || null);

export const createRelationSchema = z
  .object({
    toDocumentId: id.nullable().optional(),
    toTemplateId: id.nullable().optional(),
    type: z.enum(RELATION_TYPES).default("related"),
    tag: tag.optional(),
  })
  .strict()
  .refine((value) => !!value.toDocumentId !== !!value.toTemplateId, { message: "Name either a document or a template.", path: ["toDocumentId"] });
export type CreateRelationInput = z.input<typeof createRelationSchema>;

export const updateRelationSchema = z.object({ type: z.enum(RELATION_TYPES).optional(), tag: tag.optional() }).strict();
export type UpdateRelationInput = z.input<typeof updateRelationSchema>;

export const relationCandidatesSchema = z.object({ q: z.string().trim().max(200).default("") }).strict();

const body = z.string().trim().min(1).max(COMMENT_BODY_MAX);

/** A reply takes the kind of its thread, whatever `kind` says. */
export const createCommentSchema = z.object({ body, parentId: id.nullable().optional(), kind: z.enum(COMMENT_KINDS).default("comment") }).strict();
export type CreateCommentInput = z.input<typeof createCommentSchema>;

/**
 * A comment by a share-link visitor: the same, signed with a name (required unless the link is
 * secure, where the confirmed address signs it; the service checks that).
 */
export const createLinkCommentSchema = createCommentSchema.extend({ authorName: z.string().trim().min(1).max(COMMENT_AUTHOR_NAME_MAX).optional() }).strict();
export type CreateLinkCommentInput = z.input<typeof createLinkCommentSchema>;

export const updateCommentSchema = z.object({ body }).strict();
export type UpdateCommentInput = z.input<typeof updateCommentSchema>;

/** Resolve (true, the default) or reopen (false) a thread. */
export const resolveCommentSchema = z.object({ resolved: z.boolean().default(true) }).strict();
