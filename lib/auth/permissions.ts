/**
 * SECURITY-CRITICAL. The account roles and the permission strings each grants (spec section 6;
 * the mapping is our decision, recorded in docs/permissions.md). A change here comes with a test
 * showing that a lesser role still cannot do what it could not do before.
 */
import { AppError, AppErrorCode } from "@/lib/errors/app-error";

export const PERMISSIONS = [
  // Documents and templates
  "ViewDocuments",
  "ViewAllDocuments",
  "ManageDocuments",
  "ViewTemplates",
  "ManageTemplates",
  "ViewCollections",
  "ManageCollections",
  // Profiles
  "ViewContacts",
  "ManageContacts",
  "ViewOrganizations",
  "ManageOrganizations",
  // Tickets
  "ViewTickets",
  "ManageTickets",
  // Automation and analytics
  "ViewWorkflows",
  "ManageWorkflows",
  "ViewRules",
  "ManageRules",
  "ViewAnalytics",
  // Administration
  "ManageAccount",
  "ManageMembers",
  "ManageIntegrations",
  "ManageTokens",
  "ManageBilling",
  "ManageCategories",
  "ManageTags",
  "ViewAudit",
  // Support staff
  "ProvideSupport",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_NAMES = ["Guest", "Member", "Manager", "Administrator", "SupportTeam"] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

const GUEST: Permission[] = ["ViewDocuments"];
const MEMBER: Permission[] = [
  ...GUEST,
  "ManageDocuments",
  "ViewTemplates",
  "ManageTemplates",
  "ViewCollections",
  "ManageCollections",
  "ViewContacts",
  "ManageContacts",
  "ViewOrganizations",
  "ManageOrganizations",
  "ViewTickets",
  "ManageTickets",
];
const MANAGER: Permission[] = [
  ...MEMBER,
  "ViewAllDocuments",
  "ViewWorkflows",
  "ManageWorkflows",
  "ViewRules",
  "ManageRules",
  "ViewAnalytics",
];
const ADMINISTRATOR: Permission[] = [
  ...MANAGER,
  "ManageAccount",
  "ManageMembers",
  "ManageIntegrations",
  "ManageTokens",
  "ManageBilling",
  "ManageCategories",
  "ManageTags",
  "ViewAudit",
];
const SUPPORT_TEAM: Permission[] = [
  "ProvideSupport",
  "ViewDocuments",
  "ViewTemplates",
  "ViewContacts",
  "ViewOrganizations",
  "ViewTickets",
  "ViewAudit",
];

/** The global roles every account has; seeded into AccountRole with accountId null. */
export const ROLE_PERMISSIONS: Record<RoleName, readonly Permission[]> = {
  Guest: GUEST,
  Member: MEMBER,
  Manager: MANAGER,
  Administrator: ADMINISTRATOR,
  SupportTeam: SUPPORT_TEAM,
};

/**
 * The permissions an account role gives: a global role's come from ROLE_PERMISSIONS, whatever
 * its row holds; a custom role's from its row. The one mapping from roles to permissions.
 */
export function rolePermissions(role: { name: string; global: boolean; permissions: readonly string[] }): readonly string[] {
  return role.global && role.name in ROLE_PERMISSIONS ? ROLE_PERMISSIONS[role.name as RoleName] : role.permissions;
}

export type PermissionHolder = { permissions: ReadonlySet<string> };

/**
 * Passes if any of `required` is held, or all of them with `{ all: true }`.
 * Denies when nothing is loaded or nothing is asked for.
 */
export function can(
  holder: PermissionHolder | null | undefined,
  required: Permission | readonly Permission[],
  options: { all?: boolean } = {},
): boolean {
  const list = typeof required === "string" ? [required] : required;
  if (!holder || holder.permissions.size === 0 || list.length === 0) return false;
  return options.all ? list.every((p) => holder.permissions.has(p)) : list.some((p) => holder.permissions.has(p));
}

/** Throws FORBIDDEN unless `can` passes. */
export function assertCan(
  holder: PermissionHolder | null | undefined,
  required: Permission | readonly Permission[],
  options: { all?: boolean } = {},
): void {
  if (!can(holder, required, options)) {
    throw new AppError(AppErrorCode.FORBIDDEN, { message: "You are not allowed to do this." });
  }
}
