"use client";

import { useTranslations } from "@/lib/i18n/client";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import type { FolderOption } from "@/lib/folders/folder-types";
import { FolderOptions } from "./folder-options";
import { useFolderNavigation } from "./use-folder-navigation";

/**
 * The dialogs (folder-dialogs.tsx), fetched when one is first asked for and kept from then on:
 * a list needs none of them before (issue 15).
 */
const FolderDialogs = lazy(() => import("./folder-dialogs").then((module) => ({ default: module.FolderDialogs })));

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
  const [editing, setEditing] = useState<"create" | "rename" | null>(null);
  const [name, setName] = useState("");
  const [deleting, setDeleting] = useState(false);
  const [moving, setMoving] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const folder = folders.find((f) => f.id === current) ?? null;
  /** Opens a dialog (and fetches the dialogs the first time). */
  const ask = (open: () => void) => () => (setLoaded(true), open());

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
          <Button variant="secondary" onClick={ask(() => (setName(""), setEditing("create")))}>
            {t("new")}
          </Button>
          {folder && (
            <Button variant="ghost" onClick={ask(() => (setName(folder.name), setEditing("rename")))}>
              {t("rename")}
            </Button>
          )}
          {folder && (
            <Button variant="ghost" onClick={ask(() => setMoving(true))}>
              {t("move")}
            </Button>
          )}
          {folder && (
            <Button variant="ghost" className="text-red-700" onClick={ask(() => setDeleting(true))}>
              {t("delete")}
            </Button>
          )}
        </>
      )}
      {loaded && (
        <Suspense fallback={null}>
          <FolderDialogs
            group={group}
            folders={folders}
            folder={folder}
            editing={editing}
            name={name}
            setName={setName}
            moving={moving}
            deleting={deleting}
            go={go}
            onClose={() => (setEditing(null), setMoving(false), setDeleting(false))}
          />
        </Suspense>
      )}
    </div>
  );
}
