"use client";

/** The bulk delete bar bound to a list's selection. */

import { BulkDeleteBar } from "./bulk-delete-bar";
import type { useSelection } from "./use-selection";

/** The list's own texts for the bulk delete bar. */
type SelectionTexts = (key: "selected" | "deleteSelected" | "confirmBulkDelete" | "delete", values?: { count: number }) => string;

/**
 * The bulk delete bar of a list page bound to its selection: `onDelete` deletes the ticked ids and
 * answers whether it worked, and the selection is cleared when it did.
 */
export function SelectionDeleteBar({
  t,
  selection,
  onDelete,
}: {
  t: SelectionTexts;
  selection: ReturnType<typeof useSelection>;
  onDelete: (ids: string[]) => Promise<unknown>;
}) {
  return (
    <BulkDeleteBar
      count={selection.selected.length}
      labels={{
        selected: t("selected", { count: selection.selected.length }),
        deleteSelected: t("deleteSelected"),
        confirm: t("confirmBulkDelete", { count: selection.selected.length }),
        delete: t("delete"),
      }}
      onDelete={async () => {
        if (await onDelete(selection.selected)) selection.clear();
      }}
    />
  );
}
