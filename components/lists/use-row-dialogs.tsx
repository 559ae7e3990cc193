"use client";

/** The move and delete dialogs of a list row, with their state. */

import { lazy, Suspense, useState } from "react";
import type { FolderOption } from "@/lib/folders/folder-types";
import type { RowDialogs as RowDialogsType, RowDialogTexts } from "./row-dialogs";

/**
 * The dialogs (row-dialogs.tsx, with the folder picker and the confirmation), fetched when a
 * row's menu first asks for one and kept from then on, so closing a dialog returns the focus
 * (issue 15: no list needs them before).
 */
const RowDialogs = lazy(() => import("./row-dialogs").then((module) => ({ default: module.RowDialogs }))) as typeof RowDialogsType;

type Row = { id: string; name: string; folderId: string | null };

/**
 * The row being moved or deleted on a list page, and the dialogs for them: `move` and `remove`
 * open a dialog from the row's menu; `onMove` moves the row and answers whether it worked.
 * `texts` are the list's own (row-dialogs.tsx).
 */
export function useRowDialogs<T extends Row>({
  texts,
  folders,
  busy,
  onMove,
  onDelete,
}: {
  texts: RowDialogTexts;
  folders: FolderOption[];
  busy: boolean;
  onMove: (row: T, destinationId: string | null) => Promise<unknown>;
  onDelete: (row: T) => Promise<unknown>;
}) {
  const [moving, setMoving] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [loaded, setLoaded] = useState(false);
  const dialogs = loaded && (
    <Suspense fallback={null}>
      <RowDialogs
        texts={texts}
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
    </Suspense>
  );
  return {
    move: (row: T) => (setLoaded(true), setMoving(row)),
    remove: (row: T) => (setLoaded(true), setDeleting(row)),
    dialogs,
  };
}
