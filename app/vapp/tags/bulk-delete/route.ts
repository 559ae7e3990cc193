import { deleteTagsOperation } from "@/lib/tags/tag-operations";
import { restRoute } from "@/lib/operations/rest";

/** Deletes several tags, all or none: { ids } → { ids } (GraphQL `bulkDeleteTags`). */
export const POST = restRoute(deleteTagsOperation);
