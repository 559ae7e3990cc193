import type { FolderOption } from "@/lib/folders/folder-types";

/*
 * A module of its own: the document screen and the template form import it without the folder
 * bar's dialogs and operations (issue 15: each screen's scripts carry only what it uses).
 */

/** The folder options of a select, indented by depth under the root 'Drive'. */
export function FolderOptions({ folders, rootLabel }: { folders: FolderOption[]; rootLabel: string }) {
  return (
    <>
      <option value="root">{rootLabel}</option>
      {folders.map((f) => (
        <option key={f.id} value={f.id}>
          {"\u00a0\u00a0".repeat(f.depth + 1) + f.name}
        </option>
      ))}
    </>
  );
}
