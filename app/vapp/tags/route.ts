import { createTagOperation, listTags, upsertTagOperation } from "@/lib/tags/tag-operations";
import { restRoute } from "@/lib/operations/rest";

/** The workspace's tags (GraphQL `tags`). */
export const GET = restRoute(listTags);

/** Creates a tag: { name, color? } (GraphQL `createTag`). */
export const POST = restRoute(createTagOperation, { status: 201 });

/** Updates the tag `id` names (keeping what is not given), or creates one without `id` (GraphQL `upsertTag`). */
export const PUT = restRoute(upsertTagOperation);
