/** Where the operations of lib/signing/verify-user-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const verifyUserOp = { name: "verifyUser", method: "GET", path: "/vapp/signing/verify-user" } as const;
