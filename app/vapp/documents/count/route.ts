import { documentListQueryInput } from "@/lib/documents/document-file-operations";
import { documentsCountOperation } from "@/lib/documents/document-overview-operations";
import { restRoute } from "@/lib/operations/rest";

/** The list's paging and order do not change a count. */
const UNCOUNTED = new Set(["page", "size", "orderBy", "sortBy"]);

/** How many documents the /docs filters give (status=…&q=…): { total } (GraphQL `documentsCount`). */
export const GET = restRoute(documentsCountOperation, {
  map: (raw) => Object.fromEntries(Object.entries(documentListQueryInput(raw)).filter(([name]) => !UNCOUNTED.has(name))),
});
