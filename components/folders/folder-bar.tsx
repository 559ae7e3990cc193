"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { MoveToFolderModal } from "@/components/lists/move-to-folder-modal";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/confirm-modal";
import { Modal } from "@/components/ui/modal";
import { TextField } from "@/components/ui/text-field";
import { useAction } from "@/components/ui/use-action";
import { callOperation } from "@/lib/client/operations";
import { FOLDER_NAME_MAX, type FolderOption } from "@/lib/folders/folder-types";
import { FolderOptions } from "./folder-options";
import { useFolderNavigation } from "./use-folder-navigation";
import { createFolderOp, deleteFolderOp, updateFolderOp } from "@/lib/operations/routes/folder";

/** A folder and every folder under it: where it cannot move (the API refuses the cycle too). */
function subtree(folders: FolderOption[], rootId: string): string[] {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) for (const f of folders) if (f.parentId === ids[i]) ids.push(f.id);
  return ids;
}

/**
 * The folder actions of a list (documents or templates): create a folder inside the current one,
 * rename it, move it under another parent, or delete it. On narrow screens it also picks the
 * folder to list (Drive is the root, 'All' every folder); wide screens have the tree beside the
 * list for that (folder-tree.tsx).
 */
export function FolderBar({
  group,
  folders,
  current,
  canManage,
}: {
  group: "document" | "template";
  folders: FolderOption[];
  current: string | null;
  canManage: boolean;
}) {
  const t = useTranslations("folders");
  const go = useFolderNavigation();
  const { run, busy } = useAction();
  const [editing, setEditing] = useState<"create" | "rename" | null>(null);
  const [name, setName] = useState("");
  const [deleting, setDeleting] = useState(false);
  const [moving, setMoving] = useState(false);
  const folder = folders.find((f) => f.id === current) ?? null;

  async function save(event: FormEvent) {
    event.preventDefault();
    const done =
      editing === "rename" && folder
        ? await run(() => callOperation(updateFolderOp, { id: folder.id, name }), "updated", "updateError")
        : await run(() => callOperation(createFolderOp, { name, group, parentId: folder?.id ?? null }), "added", "createError");
    if (done) {
      setEditing(null);
      if (editing === "create") go(done.id);
    }
  }

  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700 lg:hidden">
        {t("folder")}
        <select
          value={current ?? ""}
          onChange={(e) => go(e.target.value)}
          className="min-h-10 rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm"
        >
          <option value="">{t("all")}</option>
          <FolderOptions folders={folders} rootLabel={t("drive")} />
        </select>
      </label>
      {canManage && (
        <>
          <Button variant="secondary" onClick={() => (setName(""), setEditing("create"))}>
            {t("new")}
          </Button>
          {folder && (
            <Button variant="ghost" onClick={() => (setName(folder.name), setEditing("rename"))}>
              {t("rename")}
            </Button>
          )}
          {folder && (
            <Button variant="ghost" onClick={() => setMoving(true)}>
              {t("move")}
            </Button>
          )}
          {folder && (
            <Button variant="ghost" className="text-red-700" onClick={() => setDeleting(true)}>
              {t("delete")}
            </Button>
          )}
        </>
      )}
      <Modal open={editing !== null} title={editing === "rename" ? t("rename") : t("new")} size="md" onClose={() => setEditing(null)}>
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
            <Button type="button" variant="secondary" onClick={() => setEditing(null)}>
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
        onCancel={() => setMoving(false)}
        onMove={async (parentId) => {
          if (folder && (await run(() => callOperation(updateFolderOp, { id: folder.id, parentId }), "updated", "updateError")))
            setMoving(false);
        }}
      />
      <ConfirmModal
        open={deleting}
        title={t("delete")}
        message={t("confirmDelete", { name: folder?.name ?? "" })}
        confirmLabel={t("delete")}
        onCancel={() => setDeleting(false)}
        onConfirm={async () => {
          setDeleting(false);
          if (folder && (await run(() => callOperation(deleteFolderOp, { id: folder.id }), "updated", "deleteError"))) go("root");
        }}
      />
    </div>
  );
}
