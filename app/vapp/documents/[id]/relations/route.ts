import { createRelation, listRelations, upsertRelation } from "@/lib/documents/relation-operations";
import { restRoute } from "@/lib/operations/rest";

/** The document's relations, both directions (reader; GraphQL `relations`). */
export const GET = restRoute(listRelations, { withParams: true });

/** Relates the document (editor): { toDocumentId | toTemplateId, type?, tag? } (GraphQL `createRelation`). */
export const POST = restRoute(createRelation, { status: 201, withParams: true });

/** Relates the document, or with `relationId` retypes or retags a relation leaving it (editor) (GraphQL `upsertRelation`). */
export const PUT = restRoute(upsertRelation, { withParams: true });
