"use client";

import { usePathname } from "next/navigation";
import { useProgressRouter } from "@/components/layout/use-progress-router";

export type SortState = "ascending" | "descending" | "none";

/**
 * A list screen whose filters, order and page live in the address (/docs, /templates): `go`
 * replaces them all, `sort` toggles a column (descending first), `sortState` feeds aria-sort, and
 * `exportHref` is the CSV route with the same filters. The menu links carry no query, so entering
 * a list from them always starts from the cleared 'all' view.
 */
export function useListNavigation(query: Record<string, string>, defaultOrder = "updatedAt") {
  const router = useProgressRouter();
  const pathname = usePathname();
  const order = query.orderBy || defaultOrder;

  const go = (next: Record<string, string>) => {
    const params = new URLSearchParams(Object.entries(next).filter(([, v]) => v));
    router.push(params.size ? `${pathname}?${params}` : pathname);
  };

  return {
    go,
    sort: (column: string) =>
      go({ ...query, page: "", orderBy: column, sortBy: order === column && query.sortBy !== "asc" ? "asc" : "desc" }),
    sortState: (column: string): SortState => (order === column ? (query.sortBy === "asc" ? "ascending" : "descending") : "none"),
    exportHref: (route: string) => `${route}?${new URLSearchParams(Object.entries(query).filter(([k, v]) => v && k !== "page"))}`,
  };
}
