"use client";

import { lazy, Suspense, useEffect, useId, useState, type KeyboardEvent } from "react";
import type { ContextMenuItem } from "./context-menu-items";

export type { ContextMenuItem } from "./context-menu-items";

/**
 * The open menu's entries (context-menu-items.tsx), fetched on the first opening: a list shows
 * one menu button a row, and none of them needs its entries before it is opened (issue 15).
 */
const MenuItems = lazy(() => import("./context-menu-items").then((module) => ({ default: module.ContextMenuItems })));

/**
 * A menu's button: a plain element, no component of its own, so a list draws one a row for the
 * cost of its markup. `menuId` is the open menu's id, named by `aria-controls` while it is open.
 */
export function contextMenuButton({
  label,
  open,
  menuId,
  onToggle,
}: {
  label: string;
  open: boolean;
  menuId: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={open}
      aria-controls={open ? menuId : undefined}
      aria-label={label}
      onClick={onToggle}
      className="flex size-10 items-center justify-center rounded-md text-lg text-zinc-600 hover:bg-zinc-100"
    >
      ⋯
    </button>
  );
}

/**
 * The keys of an open menu, on the element that holds its button and entries: arrows move between
 * the entries, Escape closes and returns the focus to the button, Tab closes.
 */
export const contextMenuKeys = (close: () => void) => (event: KeyboardEvent<HTMLElement>) => {
  const entries = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const index = entries.indexOf(document.activeElement as HTMLElement);
  if (event.key === "Escape") {
    event.preventDefault();
    close();
    event.currentTarget.querySelector<HTMLElement>('[aria-haspopup="menu"]')?.focus();
  } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    event.preventDefault();
    const step = event.key === "ArrowDown" ? 1 : -1;
    entries[(index + step + entries.length) % entries.length]?.focus();
  } else if (event.key === "Tab") {
    close();
  }
};

/**
 * An open menu (id `menuId`): its entries, loaded on the first opening, and a press anywhere but
 * on the menu or its button (the element whose `aria-controls` names it) closes it.
 */
export function OpenContextMenu({
  menuId,
  label,
  items,
  onClose,
}: {
  menuId: string;
  label: string;
  items: ContextMenuItem[];
  onClose: () => void;
}) {
  useEffect(() => {
    const inside = `#${CSS.escape(menuId)}, [aria-controls="${CSS.escape(menuId)}"]`;
    const close = (event: MouseEvent) => {
      if (!(event.target instanceof Element && event.target.closest(inside))) onClose();
    };
    document.addEventListener("mousedown", close);
    return () => document.removeEventListener("mousedown", close);
  }, [menuId, onClose]);
  return (
    <Suspense fallback={null}>
      <MenuItems id={menuId} label={label} items={items} onClose={onClose} />
    </Suspense>
  );
}

/**
 * A context menu of its own (a row of a settings table, a payment method): Enter/Space opens it,
 * arrows move, Escape closes and returns focus. `items` may be a function, called only when the
 * menu opens. A list of many rows keeps one open menu for the table instead (ListTable).
 */
export function ContextMenu({ label, items }: { label: string; items: ContextMenuItem[] | (() => ContextMenuItem[]) }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const close = () => setOpen(false);
  return (
    <div className="relative" onKeyDown={open ? contextMenuKeys(close) : undefined}>
      {contextMenuButton({ label, open, menuId, onToggle: () => setOpen((v) => !v) })}
      {open && <OpenContextMenu menuId={menuId} label={label} items={typeof items === "function" ? items() : items} onClose={close} />}
    </div>
  );
}
