"use client";

import { Link } from "@/components/ui/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

/** A side-navigation entry, marked current on its own path and below it (teal accent bar). */
export function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const pathname = usePathname();
  const current = href === "/" ? pathname === "/" : pathname.startsWith(href);
  return (
    <Link
      href={href}
      aria-current={current ? "page" : undefined}
      className={`block rounded-md px-3 py-2 text-sm font-medium ${current ? "bg-brand-50 text-brand-700 shadow-[inset_3px_0_0_var(--color-accent-500)]" : "text-zinc-700 hover:bg-zinc-100"}`}
    >
      {children}
    </Link>
  );
}
