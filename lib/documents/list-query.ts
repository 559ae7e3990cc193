import type { DocumentListInput } from "./find-documents";

const list = (value: string | null) => (value ? value.split(",").map((s) => s.trim()).filter(Boolean) : undefined);

/**
 * The /docs filters as they live in the address bar (status=a,b&tag=x&folder=root ...), read
 * into the list service's input. Unknown values are left for the service's validation to refuse.
 */
export function documentListFromQuery(params: URLSearchParams): DocumentListInput {
  const folder = params.get("folder");
  return {
    page: Number(params.get("page")) || 1,
    size: Number(params.get("size")) || 25,
    search: params.get("q") || undefined,
    statuses: list(params.get("status")) as DocumentListInput["statuses"],
    categoryId: params.get("category") || undefined,
    tagIds: list(params.get("tag")),
    folderId: folder === "root" ? null : folder || undefined,
    authorId: params.get("author") || undefined,
    dateField: (params.get("dateField") || undefined) as DocumentListInput["dateField"],
    from: params.get("from") || undefined,
    to: params.get("to") || undefined,
    orderBy: (params.get("orderBy") || (params.get("q") ? "relevance" : undefined)) as DocumentListInput["orderBy"],
    sortBy: (params.get("sortBy") || undefined) as DocumentListInput["sortBy"],
  };
}
