/**
 * The plain rules of document relations and comments: their kinds and limits. No zod: the
 * relations and comments panels (client components) load this file, and relation-schemas.ts
 * builds the input schemas of REST, GraphQL and the services on the same constants.
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
