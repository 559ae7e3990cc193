import type { ReactNode } from "react";
import { NavLink } from "./nav-link";

/** A row of section links under a heading (user settings, workspace settings). */
export function SectionTabs({ label, heading, tabs }: { label: string; heading: ReactNode; tabs: { href: string; label: string }[] }) {
  return (
    <nav aria-label={label} className="mb-6">
      {heading}
      <ul className="flex flex-wrap gap-2 border-b border-zinc-200 pb-2">
        {tabs.map((tab) => (
          <li key={tab.href}>
            <NavLink href={tab.href}>{tab.label}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
