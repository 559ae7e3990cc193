"use client";

import type { SortState } from "./use-list-navigation";

/** A column header that sorts its list: a button, with the order announced through aria-sort. */
export function SortableHeader({
  label,
  state,
  onSort,
  className = "",
}: {
  label: string;
  state: SortState;
  onSort: () => void;
  className?: string;
}) {
  return (
    <th scope="col" aria-sort={state} className={`px-4 py-2 font-medium ${className}`}>
      <button type="button" className="hover:underline" onClick={onSort}>
        {label}
        {state === "ascending" ? " ▲" : state === "descending" ? " ▼" : ""}
      </button>
    </th>
  );
}
