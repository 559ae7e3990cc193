/** Where the operations of lib/accounts/account-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const accountOp = { name: "account", method: "GET", path: "/vapp/accounts" } as const;
export const createAccountOp = { name: "createAccount", method: "POST", path: "/vapp/accounts" } as const;
export const updateAccountOp = { name: "updateAccount", method: "PUT", path: "/vapp/accounts" } as const;
export const switchAccountOp = { name: "switchAccount", method: "POST", path: "/vapp/accounts/switch" } as const;
export const accountSamlSlugOp = { name: "accountSamlSlug", method: "GET", path: "/vapp/accounts/saml-slug" } as const;
export const requestAccountAccessOp = { name: "requestAccountAccess", method: "POST", path: "/vapp/accounts/request-access" } as const;
export const getUpgradeContactOp = { name: "getUpgradeContact", method: "GET", path: "/vapp/accounts/upgrade-contact" } as const;
export const acceptInvitationOp = { name: "acceptInvitation", method: "POST", path: "/vapp/accounts/invitations/accept" } as const;
