/** Where the operations of lib/accounts/token-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const tokensOp = { name: "tokens", method: "GET", path: "/vapp/accounts/tokens" } as const;
export const createTokenOp = { name: "createToken", method: "POST", path: "/vapp/accounts/tokens" } as const;
export const deleteTokenOp = { name: "deleteToken", method: "DELETE", path: "/vapp/accounts/tokens/{id}" } as const;
export const bulkDeleteTokensOp = { name: "bulkDeleteTokens", method: "POST", path: "/vapp/accounts/tokens/bulk-delete" } as const;
