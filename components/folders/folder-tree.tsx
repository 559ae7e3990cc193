"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useMemo, useRef, useState, type KeyboardEvent } from "react";
import type { FolderOption } from "@/lib/folders/folder-types";
import { useFolderNavigation } from "./use-folder-navigation";

type Node = { id: string; name: string; level: number; parentId: string | null; hasChildren: boolean; setSize: number; position: number };

/** The ids of a folder's ancestors, 'root' (Drive) first. */
function ancestorsOf(folders: FolderOption[], id: string | null): string[] {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const chain: string[] = [];
  for (let f = id ? byId.get(id) : undefined; f; f = f.parentId ? byId.get(f.parentId) : undefined)
    if (f.parentId) chain.unshift(f.parentId);
  return ["root", ...chain];
}

/**
 * The folder tree of a list (spec Folder tree, root 'Drive'), as a WAI-ARIA tree: a flat list of
 * tree items with levels, so each is named by its own folder only. Arrow keys move between the
 * visible items, Right and Left open and close a folder (or go to its first child or its parent),
 * Home and End jump to the ends, Enter or a click lists that folder. 'All folders' lists every one.
 */
export function FolderTree({ folders, current }: { folders: FolderOption[]; current: string | null }) {
  const t = useTranslations("folders");
  const go = useFolderNavigation();
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(ancestorsOf(folders, current)));
  const [focused, setFocused] = useState<string>(current ?? "root");
  const items = useRef(new Map<string, HTMLLIElement>());

  const nodes = useMemo(() => {
    const children = new Map<string | null, FolderOption[]>();
    for (const f of folders) children.set(f.parentId, [...(children.get(f.parentId) ?? []), f]);
    const out: Node[] = [
      {
        id: "root",
        name: t("drive"),
        level: 1,
        parentId: null,
        hasChildren: (children.get(null) ?? []).length > 0,
        setSize: 1,
        position: 1,
      },
    ];
    const walk = (parentId: string | null, parentKey: string, level: number) => {
      if (!expanded.has(parentKey)) return;
      const list = children.get(parentId) ?? [];
      list.forEach((f, i) => {
        out.push({
          id: f.id,
          name: f.name,
          level,
          parentId: parentKey,
          hasChildren: (children.get(f.id) ?? []).length > 0,
          setSize: list.length,
          position: i + 1,
        });
        walk(f.id, f.id, level + 1);
      });
    };
    walk(null, "root", 2);
    return out;
  }, [folders, expanded, t]);

  const selected = current ?? null;
  const focusable = nodes.some((n) => n.id === focused) ? focused : selected && nodes.some((n) => n.id === selected) ? selected : "root";
  const toggle = (id: string, open: boolean) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  const focus = (id: string) => {
    setFocused(id);
    items.current.get(id)?.focus();
  };

  function onKeyDown(event: KeyboardEvent, node: Node, index: number) {
    const open = expanded.has(node.id);
    const keys: Record<string, () => void> = {
      ArrowDown: () => index < nodes.length - 1 && focus(nodes[index + 1].id),
      ArrowUp: () => index > 0 && focus(nodes[index - 1].id),
      Home: () => focus(nodes[0].id),
      End: () => focus(nodes[nodes.length - 1].id),
      ArrowRight: () =>
        node.hasChildren && !open ? toggle(node.id, true) : node.hasChildren && nodes[index + 1] && focus(nodes[index + 1].id),
      ArrowLeft: () => (node.hasChildren && open ? toggle(node.id, false) : node.parentId && focus(node.parentId)),
      Enter: () => go(node.id),
      " ": () => go(node.id),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }

  return (
    <nav aria-label={t("folders")} className="flex flex-col gap-1 rounded-lg border border-zinc-200 bg-white p-2 text-sm">
      <button
        type="button"
        onClick={() => go("")}
        aria-current={selected === null ? "page" : undefined}
        className={`rounded-md px-2 py-1.5 text-left hover:bg-zinc-50 ${selected === null ? "bg-brand-50 font-semibold text-brand-800" : "text-zinc-700"}`}
      >
        {t("all")}
      </button>
      <ul role="tree" aria-label={t("folders")} className="flex flex-col" data-testid="folder-tree">
        {nodes.map((node, index) => {
          const isSelected = node.id === (selected ?? "");
          const open = expanded.has(node.id);
          return (
            <li
              key={node.id}
              ref={(element) => {
                if (element) items.current.set(node.id, element);
                else items.current.delete(node.id);
              }}
              role="treeitem"
              aria-level={node.level}
              aria-setsize={node.setSize}
              aria-posinset={node.position}
              aria-selected={isSelected}
              aria-expanded={node.hasChildren ? open : undefined}
              tabIndex={node.id === focusable ? 0 : -1}
              onKeyDown={(event) => onKeyDown(event, node, index)}
              onFocus={() => setFocused(node.id)}
              onClick={() => go(node.id)}
              className={`flex min-h-9 cursor-pointer items-center gap-1 rounded-md pr-2 outline-none hover:bg-zinc-50 focus-visible:ring-2 focus-visible:ring-brand-500 ${isSelected ? "bg-brand-50 font-semibold text-brand-800" : "text-zinc-700"}`}
              style={{ paddingLeft: `${(node.level - 1) * 0.9 + 0.25}rem` }}
            >
              {/* The icons are drawn by CSS (app/globals.css), one element each rather than an SVG
                  with its path: they need no emoji font, and each entry is lighter (issue 15). */}
              <span
                aria-hidden
                onClick={(event) => {
                  if (!node.hasChildren) return;
                  event.stopPropagation();
                  toggle(node.id, !open);
                }}
                className={`size-5 shrink-0 text-zinc-500 transition-transform ${node.hasChildren ? "icon-chevron" : ""} ${open ? "rotate-90" : ""}`}
              />
              <span aria-hidden className={`size-4 shrink-0 text-zinc-500 ${node.id === "root" ? "icon-drive" : "icon-folder"}`} />
              <span className="truncate">{node.name}</span>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
