"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import type { FolderOption } from "@/lib/folders/folder-types";

/**
 * The folder picker of a "move" (a document, a template, a folder): the root 'Drive' and the
 * group's folders by depth, less `exclude` (a folder and everything under it, which the API would
 * refuse as a cycle). `onMove` gets the destination, null for the root.
 */
export function MoveToFolderModal(props: {
  open: boolean;
  title: string;
  description?: string;
  folders: FolderOption[];
  current: string | null;
  exclude?: string[];
  busy?: boolean;
  onCancel: () => void;
  onMove: (destinationId: string | null) => void;
}) {
  return (
    <Modal open={props.open} title={props.title} size="md" onClose={props.onCancel}>
      {/* Mounted while open only, so each opening starts from the item's current folder. */}
      {props.open && <MoveForm {...props} />}
    </Modal>
  );
}

function MoveForm({ description, folders, current, exclude = [], busy, onCancel, onMove }: Parameters<typeof MoveToFolderModal>[0]) {
  const t = useTranslations("folders");
  const selectId = useId();
  const [destination, setDestination] = useState(current ?? "root");

  function submit(event: FormEvent) {
    event.preventDefault();
    onMove(destination === "root" ? null : destination);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      {description && <p className="text-sm text-zinc-600">{description}</p>}
      <div className="flex flex-col gap-1">
        <label htmlFor={selectId} className="text-sm font-medium text-zinc-700">
          {t("destination")}
        </label>
        <select
          id={selectId}
          value={destination}
          onChange={(e) => setDestination(e.target.value)}
          className="min-h-10 rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm"
        >
          <option value="root">{t("drive")}</option>
          {folders
            .filter((f) => !exclude.includes(f.id))
            .map((f) => (
              <option key={f.id} value={f.id}>
                {"\u00a0\u00a0".repeat(f.depth + 1)}
                {f.name}
              </option>
            ))}
        </select>
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t("cancel")}
        </Button>
        <Button type="submit" busy={busy} disabled={destination === (current ?? "root")}>
          {t("moveButton")}
        </Button>
      </div>
    </form>
  );
}
