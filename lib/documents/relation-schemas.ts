import { z } from "zod";
import { COMMENT_AUTHOR_NAME_MAX, COMMENT_BODY_MAX, COMMENT_KINDS, RELATION_TAG_MAX, RELATION_TYPES } from "./relation-types";
import { idString } from "@/lib/validation/ids";
import { LIMITS } from "@/lib/validation/limits";

/**
 * Input of document relations and comments, shared by REST, GraphQL and the services. The
 * kinds and limits are in relation-types.ts, which the screens load without zod.
 */

const id = idString();
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
  .refine((value) => !!value.toDocumentId !== !!value.toTemplateId, {
    message: "Name either a document or a template.",
    path: ["toDocumentId"],
  });
export type CreateRelationInput = z.input<typeof createRelationSchema>;

export const updateRelationSchema = z.object({ type: z.enum(RELATION_TYPES).optional(), tag: tag.optional() }).strict();
export type UpdateRelationInput = z.input<typeof updateRelationSchema>;

export const relationCandidatesSchema = z.object({ q: z.string().trim().max(LIMITS.search).default("") }).strict();

const body = z.string().trim().min(1).max(COMMENT_BODY_MAX);

/** A reply takes the kind of its thread, whatever `kind` says. */
export const createCommentSchema = z
  .object({ body, parentId: id.nullable().optional(), kind: z.enum(COMMENT_KINDS).default("comment") })
  .strict();
export type CreateCommentInput = z.input<typeof createCommentSchema>;

/**
 * A comment by a share-link visitor: the same, signed with a name (required unless the link is
 * secure, where the confirmed address signs it; the service checks that).
 */
export const createLinkCommentSchema = createCommentSchema
  .extend({ authorName: z.string().trim().min(1).max(COMMENT_AUTHOR_NAME_MAX).optional() })
  .strict();
export type CreateLinkCommentInput = z.input<typeof createLinkCommentSchema>;

export const updateCommentSchema = z.object({ body }).strict();
export type UpdateCommentInput = z.input<typeof updateCommentSchema>;

/** Resolve (true, the default) or reopen (false) a thread. */
export const resolveCommentSchema = z.object({ resolved: z.boolean().default(true) }).strict();
