/** Where the operations of lib/accounts/role-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const accountRolesOp = { name: "accountRoles", method: "GET", path: "/vapp/accounts/roles" } as const;
export const createAccountRoleOp = { name: "createAccountRole", method: "POST", path: "/vapp/accounts/roles" } as const;
export const updateAccountRoleOp = { name: "updateAccountRole", method: "PATCH", path: "/vapp/accounts/roles/{id}" } as const;
export const upsertAccountRoleOp = { name: "upsertAccountRole", method: "PUT", path: "/vapp/accounts/roles" } as const;
export const deleteAccountRoleOp = { name: "deleteAccountRole", method: "DELETE", path: "/vapp/accounts/roles/{id}" } as const;
export const bulkDeleteAccountRolesOp = {
  name: "bulkDeleteAccountRoles",
  method: "POST",
  path: "/vapp/accounts/roles/bulk-delete",
} as const;
