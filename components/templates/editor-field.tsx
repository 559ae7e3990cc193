/** The template screen's labelled field wrapper and the class of its selects and text areas. */

import type { ReactNode } from "react";

export const inputClass = "min-h-10 rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm";

/** A label around one control, its text above it. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700">
      {label}
      {children}
    </label>
  );
}
