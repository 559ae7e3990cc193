import type { Permission } from "@/lib/auth/permissions";

/**
 * How the Roles screen groups the permission strings of lib/auth/permissions.ts (the same groups
 * as the comments there). Every permission is in exactly one group: tests/unit/i18n/permission-labels.test.ts.
 * Labels are `accountRoles.groups.<group>` and `accountRoles.permissions.<Permission>`.
 */
export const PERMISSION_GROUPS = [
  {
    group: "documents",
    permissions: [
      "ViewDocuments",
      "ViewAllDocuments",
      "ManageDocuments",
      "ViewTemplates",
      "ManageTemplates",
      "ViewCollections",
      "ManageCollections",
    ],
  },
  { group: "profiles", permissions: ["ViewContacts", "ManageContacts", "ViewOrganizations", "ManageOrganizations"] },
  { group: "tickets", permissions: ["ViewTickets", "ManageTickets"] },
  { group: "automation", permissions: ["ViewWorkflows", "ManageWorkflows", "ViewRules", "ManageRules", "ViewAnalytics"] },
  {
    group: "administration",
    permissions: [
      "ManageAccount",
      "ManageMembers",
      "ManageIntegrations",
      "ManageTokens",
      "ManageBilling",
      "ManageCategories",
      "ManageTags",
      "ViewAudit",
    ],
  },
  { group: "support", permissions: ["ProvideSupport"] },
] as const satisfies readonly { group: string; permissions: readonly Permission[] }[];

export type PermissionGroup = (typeof PERMISSION_GROUPS)[number]["group"];
