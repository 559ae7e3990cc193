"use client";

import { Link } from "@/components/ui/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

/** Whether an entry is the current screen: its own path and below it ("/" only itself). */
export const isCurrentPath = (href: string, pathname: string) => (href === "/" ? pathname === "/" : pathname.startsWith(href));

/** A side-navigation or section entry, marked current with a teal accent bar. */
export function NavLink({ href, current, children }: { href: string; current: boolean; children: ReactNode }) {
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

/**
 * A row of section links (section-tabs.tsx), the current one marked: one client component for the
 * row rather than one per link, so the page's payload carries the list once (issue 15).
 */
export function SectionLinks({ links }: { links: { href: string; label: string }[] }) {
  const pathname = usePathname();
  return (
    <ul className="flex flex-wrap gap-2 border-b border-zinc-200 pb-2">
      {links.map((link) => (
        <li key={link.href}>
          <NavLink href={link.href} current={isCurrentPath(link.href, pathname)}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
