"use client";

import { useEffect, useRef } from "react";

/** An entry of a row's menu: an action, or a link (a download, say) when it has `href`. */
export type ContextMenuItem = { label: string; onSelect?: () => void; href?: string; download?: boolean; danger?: boolean };

const itemClass = (danger?: boolean) =>
  `block w-full px-3 py-2 text-left text-sm hover:bg-zinc-50 focus:bg-zinc-100 focus:outline-none ${danger ? "text-red-700" : ""}`;

/**
 * The entries of an open context menu (context-menu.tsx, which loads this module when a menu
 * first opens): the first one takes the focus as the menu appears; choosing one closes the menu.
 */
export function ContextMenuItems({
  id,
  label,
  items,
  onClose,
}: {
  id: string;
  label: string;
  items: ContextMenuItem[];
  onClose: () => void;
}) {
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, []);
  return (
    <div
      ref={menu}
      id={id}
      role="menu"
      aria-label={label}
      className="absolute right-0 z-30 mt-1 w-52 rounded-md border border-zinc-200 bg-white py-1 shadow-lg"
    >
      {items.map((item) =>
        item.href ? (
          <a
            key={item.label}
            role="menuitem"
            tabIndex={-1}
            href={item.href}
            download={item.download || undefined}
            onClick={onClose}
            className={itemClass(item.danger)}
          >
            {item.label}
          </a>
        ) : (
          <button
            key={item.label}
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              onClose();
              item.onSelect?.();
            }}
            className={itemClass(item.danger)}
          >
            {item.label}
          </button>
        ),
      )}
    </div>
  );
}
