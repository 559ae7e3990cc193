"use client";

import { ConfirmFor } from "@/components/ui/confirm-modal";
import type { FolderOption } from "@/lib/folders/folder-types";
import { MoveToFolderModal } from "./move-to-folder-modal";

type Row = { id: string; name: string; folderId: string | null };

/**
 * The list's own texts for the dialogs, built by the list with literal keys (functions of the
 * row's name for the messages that name it).
 */
export type RowDialogTexts = {
  moveToFolder: string;
  moveDescription: (name: string) => string;
  delete: string;
  confirmDelete: (name: string) => string;
};

/**
 * The dialogs a list row's context menu opens, the same on /docs and /templates: move to a
 * folder, and delete after confirming, in the list's own `texts`.
 */
export function RowDialogs<T extends Row>({
  texts,
  folders,
  moving,
  deleting,
  busy,
  onCloseMove,
  onMove,
  onCloseDelete,
  onDelete,
}: {
  texts: RowDialogTexts;
  folders: FolderOption[];
  moving: T | null;
  deleting: T | null;
  busy: boolean;
  onCloseMove: () => void;
  onMove: (destinationId: string | null) => Promise<void>;
  onCloseDelete: () => void;
  onDelete: (row: T) => Promise<unknown>;
}) {
  return (
    <>
      <MoveToFolderModal
        open={moving !== null}
        title={texts.moveToFolder}
        description={moving ? texts.moveDescription(moving.name) : undefined}
        folders={folders}
        current={moving?.folderId ?? null}
        busy={busy}
        onCancel={onCloseMove}
        onMove={onMove}
      />
      <ConfirmFor
        target={deleting}
        title={texts.delete}
        message={(row) => texts.confirmDelete(row.name)}
        confirmLabel={texts.delete}
        onClose={onCloseDelete}
        onConfirm={onDelete}
      />
    </>
  );
}
