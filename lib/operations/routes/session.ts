/** Where the operations of lib/users/session-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const sessionOp = { name: "session", method: "GET", path: "/vapp/auth/session" } as const;
export const tokenLoginOp = { name: "tokenLogin", method: "POST", path: "/vapp/auth/provider/token" } as const;
export const refreshTokenOp = { name: "refreshToken", method: "POST", path: "/vapp/auth/refresh-token" } as const;
