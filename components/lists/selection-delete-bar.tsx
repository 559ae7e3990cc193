"use client";

/** The bulk delete bar bound to a list's selection. */

import { BulkDeleteBar } from "./bulk-delete-bar";
import type { useSelection } from "./use-selection";

/**
 * The list's own texts for the bulk delete bar, built by the list with literal keys (functions of
 * the number of ticked rows for the messages that count them).
 */
export type SelectionTexts = {
  selected: (count: number) => string;
  deleteSelected: string;
  confirmBulkDelete: (count: number) => string;
  delete: string;
};

/**
 * The bulk delete bar of a list page bound to its selection: `onDelete` deletes the ticked ids and
 * answers whether it worked, and the selection is cleared when it did.
 */
export function SelectionDeleteBar({
  texts,
  selection,
  onDelete,
}: {
  texts: SelectionTexts;
  selection: ReturnType<typeof useSelection>;
  onDelete: (ids: string[]) => Promise<unknown>;
}) {
  return (
    <BulkDeleteBar
      count={selection.selected.length}
      labels={{
        selected: texts.selected(selection.selected.length),
        deleteSelected: texts.deleteSelected,
        confirm: texts.confirmBulkDelete(selection.selected.length),
        delete: texts.delete,
      }}
      onDelete={async () => {
        if (await onDelete(selection.selected)) selection.clear();
      }}
    />
  );
}
