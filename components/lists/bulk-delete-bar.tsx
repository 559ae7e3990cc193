"use client";

import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";

/** The confirmation, fetched when Delete selected is first pressed and kept from then on (issue 15). */
const ConfirmModal = lazy(() => import("@/components/ui/confirm-modal").then((module) => ({ default: module.ConfirmModal })));

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
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      {count > 0 && (
        <div className="flex items-center gap-3 rounded-md bg-brand-50 px-4 py-2 text-sm" role="status">
          {labels.selected}
          <Button variant="danger" onClick={() => (setLoaded(true), setConfirming(true))}>
            {labels.deleteSelected}
          </Button>
        </div>
      )}
      {loaded && (
        <Suspense fallback={null}>
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
        </Suspense>
      )}
    </>
  );
}
