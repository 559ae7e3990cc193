import { createRelationSchema } from "@/lib/documents/relation-schemas";
import { createDocumentRelation, findDocumentRelations } from "@/lib/documents/relations";
import { route } from "@/lib/http/route";

/** The document's relations, both directions (reader). */
export const GET = route({ operation: "relations" }, ({ ctx, params }) => findDocumentRelations(ctx, params.id));

/** Relates the document (editor): { toDocumentId | toTemplateId, type?, tag? }. */
export const POST = route({ operation: "createRelation", input: createRelationSchema }, async ({ ctx, params, input }) =>
  Response.json(await createDocumentRelation(ctx, params.id, input), { status: 201 }),
);
