"use client";

import { useState } from "react";

/**
 * The rows ticked on a list page. Only ids still on the page count, so paging, filtering or a
 * deletion never leaves an invisible row selected.
 */
export function useSelection(ids: string[]) {
  const [ticked, setTicked] = useState<string[]>([]);
  const selected = ticked.filter((id) => ids.includes(id));
  return {
    selected,
    isSelected: (id: string) => selected.includes(id),
    allSelected: ids.length > 0 && selected.length === ids.length,
    toggle: (id: string, on: boolean) => setTicked(on ? [...selected, id] : selected.filter((other) => other !== id)),
    toggleAll: (on: boolean) => setTicked(on ? ids : []),
    clear: () => setTicked([]),
  };
}
