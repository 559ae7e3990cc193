"use client";

/** The list of a workspace settings page's items (categories, tags): the empty text, or one row per item. */

import type { ReactNode } from "react";

/** Each row is `row(item)`: its text and context menu, or its inline edit form. */
export function ItemList<T extends { id: string }>({
  items,
  empty,
  rowTestId,
  row,
}: {
  items: T[];
  empty: string;
  rowTestId: string;
  row: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <p className="text-sm text-zinc-500">{empty}</p>;
  return (
    <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white">
      {items.map((item) => (
        <li key={item.id} className="flex flex-wrap items-center gap-3 px-4 py-2" data-testid={rowTestId}>
          {row(item)}
        </li>
      ))}
    </ul>
  );
}
