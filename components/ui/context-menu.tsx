"use client";

import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { ContextMenuItem } from "./context-menu-items";

export type { ContextMenuItem } from "./context-menu-items";

/**
 * The open menu's entries (context-menu-items.tsx), fetched on the first opening: a list shows
 * one menu button a row, and none of them needs its entries before it is opened (issue 15).
 */
const MenuItems = lazy(() => import("./context-menu-items").then((module) => ({ default: module.ContextMenuItems })));

/**
 * A row's context menu: Enter/Space opens it, arrows move, Escape closes and returns focus.
 * `items` may be a function, called only when the menu opens (a list builds no row's entries
 * before then).
 */
export function ContextMenu({ label, items }: { label: string; items: ContextMenuItem[] | (() => ContextMenuItem[]) }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    return () => document.removeEventListener("mousedown", close);
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const entries = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = entries.indexOf(document.activeElement as HTMLElement);
    if (event.key === "Escape") {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      entries[(index + step + entries.length) % entries.length]?.focus();
    } else if (event.key === "Tab") {
      setOpen(false);
    }
  }

  return (
    <div ref={root} className="relative" onKeyDown={open ? onKeyDown : undefined}>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        onClick={() => setOpen((v) => !v)}
        className="flex size-10 items-center justify-center rounded-md text-lg text-zinc-600 hover:bg-zinc-100"
      >
        ⋯
      </button>
      {open && (
        <Suspense fallback={null}>
          <MenuItems id={menuId} label={label} items={typeof items === "function" ? items() : items} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
