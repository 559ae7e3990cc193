"use client";

/** The move and delete dialogs of a list row, with their state. */

import { useState } from "react";
import type { FolderOption } from "@/lib/folders/folder-types";
import { RowDialogs } from "./row-dialogs";

type Row = { id: string; name: string; folderId: string | null };

/**
 * The row being moved or deleted on a list page, and the dialogs for them: `move` and `remove`
 * open a dialog from the row's menu; `onMove` moves the row and answers whether it worked.
 */
export function useRowDialogs<T extends Row>({
  t,
  folders,
  busy,
  onMove,
  onDelete,
}: {
  t: Parameters<typeof RowDialogs>[0]["t"];
  folders: FolderOption[];
  busy: boolean;
  onMove: (row: T, destinationId: string | null) => Promise<unknown>;
  onDelete: (row: T) => Promise<unknown>;
}) {
  const [moving, setMoving] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const dialogs = (
    <RowDialogs
      t={t}
      folders={folders}
      moving={moving}
      deleting={deleting}
      busy={busy}
      onCloseMove={() => setMoving(null)}
      onMove={async (destinationId) => {
        if (await onMove(moving!, destinationId)) setMoving(null);
      }}
      onCloseDelete={() => setDeleting(null)}
      onDelete={onDelete}
    />
  );
  return { move: setMoving, remove: setDeleting, dialogs };
}
