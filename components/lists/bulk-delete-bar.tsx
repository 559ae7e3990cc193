"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/confirm-modal";

/**
 * The bar shown while rows are ticked: how many, and Delete selected behind a confirmation.
 * `onDelete` makes the call (the list's bulk delete route) and clears the selection.
 */
export function BulkDeleteBar({
  count,
  labels,
  onDelete,
}: {
  count: number;
  labels: { selected: string; deleteSelected: string; confirm: string; delete: string };
  onDelete: () => Promise<unknown>;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      {count > 0 && (
        <div className="flex items-center gap-3 rounded-md bg-brand-50 px-4 py-2 text-sm" role="status">
          {labels.selected}
          <Button variant="danger" onClick={() => setConfirming(true)}>
            {labels.deleteSelected}
          </Button>
        </div>
      )}
      <ConfirmModal
        open={confirming}
        title={labels.deleteSelected}
        message={labels.confirm}
        confirmLabel={labels.delete}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false);
          await onDelete();
        }}
      />
    </>
  );
}
