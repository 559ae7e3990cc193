/** Where the operations of lib/accounts/member-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const accountPoliciesOp = { name: "accountPolicies", method: "GET", path: "/vapp/accounts/policies" } as const;
export const createAccountPolicyOp = { name: "createAccountPolicy", method: "POST", path: "/vapp/accounts/policies" } as const;
export const upsertAccountPolicyOp = { name: "upsertAccountPolicy", method: "PUT", path: "/vapp/accounts/policies" } as const;
export const updateAccountPolicyOp = { name: "updateAccountPolicy", method: "PATCH", path: "/vapp/accounts/policies/{id}" } as const;
export const deleteAccountPolicyOp = { name: "deleteAccountPolicy", method: "DELETE", path: "/vapp/accounts/policies/{id}" } as const;
export const bulkDeleteAccountPoliciesOp = {
  name: "bulkDeleteAccountPolicies",
  method: "POST",
  path: "/vapp/accounts/policies/bulk-delete",
} as const;
export const sendInvitationsOp = { name: "sendInvitations", method: "POST", path: "/vapp/accounts/invitations" } as const;
export const resendInvitationOp = { name: "resendInvitation", method: "POST", path: "/vapp/accounts/invitations/{id}/resend" } as const;
