import { deleteTagOperation, updateTagOperation } from "@/lib/tags/tag-operations";
import { restRoute } from "@/lib/operations/rest";

/** Renames or recolours a tag: { name?, color? } (GraphQL `updateTag`). */
export const PATCH = restRoute(updateTagOperation, { withParams: true });

/** Deletes a tag: { id } (GraphQL `deleteTag`). */
export const DELETE = restRoute(deleteTagOperation, { withParams: true });
