"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";

/** An entry of a row's menu: an action, or a link (a download, say) when it has `href`. */
export type ContextMenuItem = { label: string; onSelect?: () => void; href?: string; download?: boolean; danger?: boolean };

const itemClass = (danger?: boolean) =>
  `block w-full px-3 py-2 text-left text-sm hover:bg-zinc-50 focus:bg-zinc-100 focus:outline-none ${danger ? "text-red-700" : ""}`;

/** A row's context menu: Enter/Space opens it, arrows move, Escape closes and returns focus. */
export function ContextMenu({ label, items }: { label: string; items: ContextMenuItem[] }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
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
        <span aria-hidden>⋯</span>
      </button>
      {open && (
        <div
          id={menuId}
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
                onClick={() => setOpen(false)}
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
                  setOpen(false);
                  item.onSelect?.();
                }}
                className={itemClass(item.danger)}
              >
                {item.label}
              </button>
            ),
          )}
        </div>
      )}
    </div>
  );
}
