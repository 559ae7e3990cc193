import { z } from "zod";
import { DocumentStatus } from "@/lib/generated/prisma/enums";
import { defineOperation } from "@/lib/operations/operation";
import { findRelationCandidates } from "./relation-candidates";
import { createRelationSchema, relationCandidatesSchema, updateRelationSchema } from "./relation-schemas";
import { RELATION_TYPES } from "./relation-types";
import { createDocumentRelation } from "./create-document-relation";
import { deleteDocumentRelation, deleteDocumentRelations, relationIdsSchema } from "./delete-document-relations";
import { findDocumentRelations } from "./find-document-relations";
import { updateDocumentRelation, upsertDocumentRelation } from "./update-document-relation";
import { idString } from "@/lib/validation/ids";

/**
 * A document's relations (spec section 7, "document relations"), declared once for REST and
 * GraphQL (lib/operations/operation.ts). The services check the caller's role on the documents
 * (reader to list, editor on the source to change); an API token acts as its member.
 */
const members = { callers: ["member", "apiToken"] } as const;
const id = idString();
const status = z.enum(Object.values(DocumentStatus) as [DocumentStatus, ...DocumentStatus[]]);

export const relationSchema = z.object({
  id: z.string(),
  type: z.enum(RELATION_TYPES),
  tag: z.string().nullable(),
  direction: z.enum(["outgoing", "incoming"]).describe("outgoing: this document → other; incoming: other → this document."),
  other: z
    .object({
      kind: z.enum(["document", "template"]),
      id: z.string().nullable(),
      name: z.string().nullable(),
      status: status.nullable(),
      format: z.enum(["pdf", "docx"]).nullable().describe("pdf or docx: what a download gives."),
      canOpen: z.boolean(),
    })
    .describe("The other side of a relation. A document the caller cannot open has no id, name or status."),
  canEdit: z.boolean().describe("The caller may retag or remove it (editor on its source)."),
  createdAt: z.date(),
  updatedAt: z.date(),
});

export const listRelations = defineOperation({
  name: "relations",
  kind: "query",
  description: "A document's relations in both directions (reader role).",
  ...members,
  input: z.object({ id }).strict(),
  output: z.array(relationSchema),
  ids: ["id"],
  run: (ctx, input) => findDocumentRelations(ctx, input.id),
});

export const listRelationCandidates = defineOperation({
  name: "relationCandidates",
  kind: "query",
  description: "What the relation picker offers for q: up to 10 visible documents and 10 templates (editor role).",
  ...members,
  input: relationCandidatesSchema.extend({ id }),
  output: z.object({
    documents: z.array(z.object({ id: z.string(), name: z.string(), ref: z.string().nullable(), status })),
    templates: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
  ids: ["id"],
  run: (ctx, { id: documentId, ...query }) => findRelationCandidates(ctx, documentId, query),
});

export const createRelation = defineOperation({
  name: "createRelation",
  kind: "mutation",
  description: "Relates a document (editor) to another document or a template: { toDocumentId | toTemplateId, type?, tag? }.",
  ...members,
  input: createRelationSchema.safeExtend({ id }),
  output: relationSchema,
  ids: ["id", "toDocumentId", "toTemplateId"],
  run: (ctx, { id: documentId, ...data }) => createDocumentRelation(ctx, documentId, data),
});

export const updateRelation = defineOperation({
  name: "updateRelation",
  kind: "mutation",
  description: "Changes a relation's type or tag (editor on its source).",
  ...members,
  input: updateRelationSchema.extend({ relationId: id }),
  output: relationSchema,
  ids: ["relationId"],
  run: (ctx, { relationId, ...data }) => updateDocumentRelation(ctx, relationId, data),
});

export const upsertRelation = defineOperation({
  name: "upsertRelation",
  kind: "mutation",
  description:
    "Relates a document as createRelation does, or with `relationId` changes the type or tag of a relation leaving it as updateRelation does (one leaving another document is NOT_FOUND; a relation never changes its ends).",
  ...members,
  input: updateRelationSchema.extend({
    id,
    relationId: id.optional(),
    toDocumentId: id.nullable().optional(),
    toTemplateId: id.nullable().optional(),
  }),
  output: relationSchema,
  ids: ["id", "relationId", "toDocumentId", "toTemplateId"],
  run: (ctx, { id: documentId, relationId, ...data }) => upsertDocumentRelation(ctx, documentId, { ...data, id: relationId }),
});

export const deleteRelation = defineOperation({
  name: "deleteRelation",
  kind: "mutation",
  description: "Removes a relation (editor on its source).",
  ...members,
  input: z.object({ relationId: id }).strict(),
  output: z.object({ id: z.string() }),
  ids: ["relationId"],
  run: async (ctx, input) => ({ id: await deleteDocumentRelation(ctx, input.relationId) }),
});

export const bulkDeleteRelations = defineOperation({
  name: "bulkDeleteRelations",
  kind: "mutation",
  description: "Removes several relations, all or none (editor on each one's source).",
  ...members,
  input: relationIdsSchema,
  output: z.object({ ids: z.array(z.string()) }),
  ids: ["ids"],
  run: async (ctx, input) => ({ ids: await deleteDocumentRelations(ctx, input.ids) }),
});

export const relationOperations = [
  listRelations,
  listRelationCandidates,
  createRelation,
  updateRelation,
  upsertRelation,
  deleteRelation,
  bulkDeleteRelations,
];
