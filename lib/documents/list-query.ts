import { unstorable } from "@/lib/http/unstorable-text";
import { pageFromQuery } from "@/lib/pagination";
import type { DocumentListInput } from "./document-list-sql";

const list = (value: string | null) =>
  value
    ? value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;

/**
 * A list screen's address parameters as Next gives them (`searchParams`), each once. A value
 * PostgreSQL cannot store (U+0000, half a surrogate pair: lib/http/unstorable-text.ts) is left
 * out: it cannot be searched or compared, and a hand-edited address with a bad filter shows the
 * list without that filter rather than an error.
 */
export function listParams(raw: Record<string, string | string[] | undefined>): URLSearchParams {
  return new URLSearchParams(
    Object.entries(raw).flatMap(([k, v]) => (typeof v === "string" && !unstorable(k) && !unstorable(v) ? [[k, v]] : [])),
  );
}

/**
 * The filters every list screen shares (/docs and /templates: page, words, category, tags,
 * folder, author, dates, order) as they live in the address bar (tag=a,b&folder=root ...).
 * Values stay strings: each list's service validates them and refuses unknown ones.
 */
export function listQueryFromParams(params: URLSearchParams) {
  const folder = params.get("folder");
  return {
    page: pageFromQuery(params.get("page")),
    size: Number(params.get("size")) || 25,
    search: params.get("q") || undefined,
    categoryId: params.get("category") || undefined,
    tagIds: list(params.get("tag")),
    folderId: folder === "root" ? null : folder || undefined,
    authorId: params.get("author") || undefined,
    dateField: params.get("dateField") || undefined,
    from: params.get("from") || undefined,
    to: params.get("to") || undefined,
    orderBy: params.get("orderBy") || undefined,
    sortBy: params.get("sortBy") || undefined,
  };
}

/**
 * The /docs filters as they live in the address bar (status=a,b&tag=x&folder=root ...), read
 * into the list service's input. Unknown values are left for the service's validation to refuse.
 */
export function documentListFromQuery(params: URLSearchParams): DocumentListInput {
  const common = listQueryFromParams(params);
  return {
    ...common,
    statuses: list(params.get("status")) as DocumentListInput["statuses"],
    // The archive (archived=1) instead of the current documents.
    archived: params.get("archived") === "1" ? true : undefined,
    dateField: common.dateField as DocumentListInput["dateField"],
    orderBy: (common.orderBy || (common.search ? "relevance" : undefined)) as DocumentListInput["orderBy"],
    sortBy: common.sortBy as DocumentListInput["sortBy"],
  };
}
