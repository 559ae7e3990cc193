import type { ReactNode } from "react";
import type { FolderOption } from "@/lib/folders/folder-types";
import { FolderTree } from "./folder-tree";

/** A list beside its folder tree on wide screens (the tree gives way to FolderBar's select below lg). */
export function FolderLayout({ folders, current, children }: { folders: FolderOption[]; current: string | null; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
      <aside className="hidden w-60 shrink-0 lg:block">
        <FolderTree folders={folders} current={current} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col gap-4">{children}</div>
    </div>
  );
}
