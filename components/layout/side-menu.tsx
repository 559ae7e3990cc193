"use client";

import { usePathname } from "next/navigation";
import type { UpgradeContact } from "@/lib/accounts/get-upgrade-contact";
import { isCurrentPath, NavLink } from "./nav-link";
import { UpgradeEntry } from "./upgrade-entry";

/** An entry of the side menu: a link, or (its capability not in the plan) the upgrade prompt's star. */
export type SideMenuEntry = { href: string; label: string } | { label: string; capability: string | null };

/**
 * The side menu's entries in their order (app-shell.tsx), the current one marked: one client
 * component for the list rather than one per entry, with only what it shows in its props (issue 15).
 */
export function SideMenu({ entries, upgrade }: { entries: SideMenuEntry[]; upgrade: UpgradeContact | null }) {
  const pathname = usePathname();
  return (
    <ul className="flex gap-1 px-2 pb-2 md:flex-col">
      {entries.map((entry) => (
        <li key={"href" in entry ? entry.href : entry.label}>
          {"href" in entry ? (
            <NavLink href={entry.href} current={isCurrentPath(entry.href, pathname)}>
              {entry.label}
            </NavLink>
          ) : (
            <UpgradeEntry label={entry.label} capability={entry.capability} contact={upgrade} />
          )}
        </li>
      ))}
    </ul>
  );
}
