/**
 * Folder shapes and limits without server imports: the folder bar, tree and pickers (client
 * components) load this file, and folders.ts (the service and its schemas) builds on it.
 */

export const FOLDER_GROUPS = ["document", "template"] as const;
export type FolderGroup = (typeof FOLDER_GROUPS)[number];

/** The longest folder name. */
export const FOLDER_NAME_MAX = 120;

export type FolderNode = {
  key: string;
  label: string;
  type: "root" | "folder";
  icon: string;
  leaf: boolean;
  selectable: boolean;
  parent: string | null;
  children: FolderNode[];
};

/** A folder as a step of another folder's chain of ancestors. */
export type FolderCrumb = { id: string; name: string };

/** A folder of a picker, in display order (flattenTree). */
export type FolderOption = { id: string; name: string; depth: number; parentId: string | null };
