"use client";

/** The table shared by the /docs and /templates lists. */

import type { ReactNode } from "react";
import { ContextMenu, type ContextMenuItem } from "@/components/ui/context-menu";
import { useInAppLinks } from "@/components/ui/link";
import type { useSelection } from "./use-selection";

/**
 * The list's own texts the table needs (select all, select a row, the actions column and a row's
 * menu), built by the list with literal keys so its screen sends only those messages
 * (tests/unit/i18n/client-messages.test.ts).
 */
export type ListTableTexts = {
  selectAll: string;
  actions: string;
  /** A row's tick box, by the row's name. */
  select: (name: string) => string;
  /** A row's menu button, by the row's name. */
  actionsFor: (name: string) => string;
};

/**
 * The table of a list page, the same on /docs and /templates: the empty text, or the rows with a
 * tick box each (when `selectable`), the list's own header and cells, and the row's context menu
 * (its entries built when it opens).
 */
export function ListTable<T extends { id: string; name: string }>({
  rows,
  texts,
  empty,
  selection,
  selectable,
  headers,
  cells,
  menuItems,
  rowTestId,
}: {
  rows: T[];
  texts: ListTableTexts;
  empty: ReactNode;
  selection: ReturnType<typeof useSelection>;
  selectable: boolean;
  /** The `<th>` cells between the tick box and the actions column. */
  headers: ReactNode;
  /** A row's `<td>` cells between the tick box and the context menu; their links are plain `<a>`. */
  cells: (row: T) => ReactNode;
  menuItems: (row: T) => ContextMenuItem[];
  rowTestId: string;
}) {
  const links = useInAppLinks();
  if (rows.length === 0)
    return <p className="rounded-lg border border-dashed border-zinc-300 bg-white p-8 text-center text-zinc-600">{empty}</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white">
      <table className="w-full text-left text-sm">
        <thead className="bg-zinc-50 text-zinc-600">
          <tr>
            {selectable && (
              <th scope="col" className="w-10 px-4 py-2">
                <input
                  type="checkbox"
                  aria-label={texts.selectAll}
                  checked={selection.allSelected}
                  onChange={(e) => selection.toggleAll(e.target.checked)}
                />
              </th>
            )}
            {headers}
            <th scope="col" className="w-14 px-4 py-2">
              <span className="sr-only">{texts.actions}</span>
            </th>
          </tr>
        </thead>
        {/* Every cell's padding is set here once, not on each of the page's cells; the cells' plain
            links open inside the app from here (useInAppLinks), not one Link each. */}
        <tbody className="divide-y divide-zinc-100 [&>tr>td]:px-4 [&>tr>td]:py-2" {...links}>
          {rows.map((row) => (
            <tr key={row.id} data-testid={rowTestId}>
              {selectable && (
                <td>
                  <input
                    type="checkbox"
                    aria-label={texts.select(row.name)}
                    checked={selection.isSelected(row.id)}
                    onChange={(e) => selection.toggle(row.id, e.target.checked)}
                  />
                </td>
              )}
              {cells(row)}
              <td className="px-2! py-1! text-right">
                <ContextMenu label={texts.actionsFor(row.name)} items={() => menuItems(row)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
