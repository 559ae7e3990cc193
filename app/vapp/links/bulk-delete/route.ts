import { bulkDeleteLinks } from "@/lib/links/link-operations";
import { restRoute } from "@/lib/operations/rest";

/** Removes several share links, all or none: { ids }, at most 100 (GraphQL `bulkDeleteLinks`). */
export const POST = restRoute(bulkDeleteLinks);
