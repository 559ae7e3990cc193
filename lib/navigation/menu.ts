import type { Permission } from "@/lib/auth/permissions";

/**
 * The left menu of spec "Layout", in its order. An entry shows when its screen exists (`built`:
 * later issues switch theirs on), its feature flag is on, and the user holds any of its
 * permissions (all of them with `all`). An entry whose plan capability is missing shows with a
 * star and opens the upgrade prompt instead of the screen.
 */
export type MenuEntry = {
  key: "dashboard" | "repository" | "templates" | "collections" | "reports" | "automation" | "profiles" | "tickets" | "helpCenter";
  href: string;
  permissions: Permission[];
  all?: boolean;
  capability?: string;
  feature?: string;
  built: boolean;
};

export const MENU: MenuEntry[] = [
  { key: "dashboard", href: "/", permissions: [], built: true },
  { key: "repository", href: "/docs", permissions: ["ViewDocuments"], capability: "documents", feature: "documents", built: true },
  { key: "templates", href: "/templates", permissions: ["ViewTemplates"], capability: "templates", feature: "templates", built: true },
  { key: "collections", href: "/automation", permissions: ["ViewCollections"], capability: "collections", built: false },
  { key: "reports", href: "/reports", permissions: ["ViewAnalytics"], capability: "analytics", feature: "analytics", built: false },
  {
    key: "automation",
    href: "/automation/flows",
    permissions: ["ViewWorkflows", "ViewRules"],
    capability: "workflows",
    feature: "flows",
    built: false,
  },
  {
    key: "profiles",
    href: "/profiles",
    permissions: ["ViewContacts", "ViewOrganizations"],
    capability: "crm",
    feature: "crm",
    built: false,
  },
  { key: "tickets", href: "/tickets", permissions: ["ViewTickets"], capability: "ticketing", feature: "ticketing", built: false },
  { key: "helpCenter", href: "/help", permissions: [], capability: "supportHelpCenter", built: false },
];

/** Feature flags switched off in configuration (comma-separated DISABLED_FEATURES). */
const disabledFeatures = () => new Set((process.env.DISABLED_FEATURES ?? "").split(",").filter(Boolean));

/** Whether plan capabilities are enforced at all (spec: "account capabilities are on"). */
const capabilitiesEnforced = () => process.env.ACCOUNT_CAPABILITIES !== "false";

export type VisibleEntry = MenuEntry & { upgrade: boolean };

export function visibleMenu(
  holder: { permissions: ReadonlySet<string>; capabilities: ReadonlySet<string> },
  entries: MenuEntry[] = MENU,
): VisibleEntry[] {
  const disabled = disabledFeatures();
  return entries
    .filter((entry) => entry.built && !(entry.feature && disabled.has(entry.feature)))
    .filter((entry) => {
      if (entry.permissions.length === 0) return true;
      return entry.all
        ? entry.permissions.every((p) => holder.permissions.has(p))
        : entry.permissions.some((p) => holder.permissions.has(p));
    })
    .map((entry) => ({
      ...entry,
      upgrade: Boolean(entry.capability && capabilitiesEnforced() && !holder.capabilities.has(entry.capability)),
    }));
}
