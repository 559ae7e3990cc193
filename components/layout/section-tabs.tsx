import type { ReactNode } from "react";
import { SectionLinks } from "./nav-link";

/** A row of section links under a heading (user settings, workspace settings). */
export function SectionTabs({ label, heading, tabs }: { label: string; heading: ReactNode; tabs: { href: string; label: string }[] }) {
  return (
    <nav aria-label={label} className="mb-6">
      {heading}
      <SectionLinks links={tabs} />
    </nav>
  );
}
