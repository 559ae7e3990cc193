"use client";

import { useTranslations } from "@/lib/i18n/client";
import type { FormEvent } from "react";
import { MoveToFolderModal } from "@/components/lists/move-to-folder-modal";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/confirm-modal";
import { Modal } from "@/components/ui/modal";
import { TextField } from "@/components/ui/text-field";
import { useAction } from "@/components/ui/use-action";
import { callOperation } from "@/lib/client/operations";
import { FOLDER_NAME_MAX, type FolderOption } from "@/lib/folders/folder-types";
import { createFolderOp, deleteFolderOp, updateFolderOp } from "@/lib/operations/routes/folder";

/** A folder and every folder under it: where it cannot move (the API refuses the cycle too). */
function subtree(folders: FolderOption[], rootId: string): string[] {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) for (const f of folders) if (f.parentId === ids[i]) ids.push(f.id);
  return ids;
}

/**
 * The folder bar's dialogs (folder-bar.tsx fetches this module when one is first asked for and
 * keeps it, so closing a dialog returns the focus): name a new folder inside the current one or
 * rename it (`editing`, with the `name` being typed), move it under another parent, or delete it
 * after confirming. `go` lists a folder (the new one, or the root after a delete).
 */
export function FolderDialogs({
  group,
  folders,
  folder,
  editing,
  name,
  setName,
  moving,
  deleting,
  go,
  onClose,
}: {
  group: "document" | "template";
  folders: FolderOption[];
  folder: FolderOption | null;
  editing: "create" | "rename" | null;
  name: string;
  setName: (name: string) => void;
  moving: boolean;
  deleting: boolean;
  go: (id: string) => void;
  /** Closes whichever dialog is open. */
  onClose: () => void;
}) {
  const t = useTranslations("folders");
  const { run, busy } = useAction();

  async function save(event: FormEvent) {
    event.preventDefault();
    const done =
      editing === "rename" && folder
        ? await run(() => callOperation(updateFolderOp, { id: folder.id, name }), "updated", "updateError")
        : await run(() => callOperation(createFolderOp, { name, group, parentId: folder?.id ?? null }), "added", "createError");
    if (done) {
      onClose();
      if (editing === "create") go(done.id);
    }
  }

  return (
    <>
      <Modal open={editing !== null} title={editing === "rename" ? t("rename") : t("new")} size="md" onClose={onClose}>
        <form onSubmit={save} className="flex flex-col gap-4">
          <TextField
            label={t("name")}
            required
            maxLength={FOLDER_NAME_MAX}
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoFocus
          />
          {editing === "create" && <p className="text-sm text-zinc-600">{t("inside", { name: folder?.name ?? t("drive") })}</p>}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={onClose}>
              {t("cancel")}
            </Button>
            <Button type="submit" busy={busy}>
              {t("save")}
            </Button>
          </div>
        </form>
      </Modal>
      <MoveToFolderModal
        open={moving && folder !== null}
        title={t("move")}
        description={folder ? t("moveDescription", { name: folder.name }) : undefined}
        folders={folders}
        current={folder?.parentId ?? null}
        exclude={folder ? subtree(folders, folder.id) : []}
        busy={busy}
        onCancel={onClose}
        onMove={async (parentId) => {
          if (folder && (await run(() => callOperation(updateFolderOp, { id: folder.id, parentId }), "updated", "updateError"))) onClose();
        }}
      />
      <ConfirmModal
        open={deleting}
        title={t("delete")}
        message={t("confirmDelete", { name: folder?.name ?? "" })}
        confirmLabel={t("delete")}
        onCancel={onClose}
        onConfirm={async () => {
          onClose();
          if (folder && (await run(() => callOperation(deleteFolderOp, { id: folder.id }), "updated", "deleteError"))) go("root");
        }}
      />
    </>
  );
}
