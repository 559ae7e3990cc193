"use client";

import { ConfirmFor } from "@/components/ui/confirm-modal";
import type { FolderOption } from "@/lib/folders/folder-types";
import { MoveToFolderModal } from "./move-to-folder-modal";

type Row = { id: string; name: string; folderId: string | null };

/**
 * The dialogs a list row's context menu opens, the same on /docs and /templates: move to a
 * folder, and delete after confirming. `t` gives the list's own texts (moveToFolder,
 * moveDescription, delete, confirmDelete).
 */
export function RowDialogs<T extends Row>({
  t,
  folders,
  moving,
  deleting,
  busy,
  onCloseMove,
  onMove,
  onCloseDelete,
  onDelete,
}: {
  t: (key: "moveToFolder" | "moveDescription" | "delete" | "confirmDelete", values?: { name: string }) => string;
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
        title={t("moveToFolder")}
        description={moving ? t("moveDescription", { name: moving.name }) : undefined}
        folders={folders}
        current={moving?.folderId ?? null}
        busy={busy}
        onCancel={onCloseMove}
        onMove={onMove}
      />
      <ConfirmFor
        target={deleting}
        title={t("delete")}
        message={(row) => t("confirmDelete", { name: row.name })}
        confirmLabel={t("delete")}
        onClose={onCloseDelete}
        onConfirm={onDelete}
      />
    </>
  );
}
