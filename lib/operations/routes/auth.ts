/** Where the operations of lib/sign-in/sign-in-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const loginOp = { name: "login", method: "POST", path: "/vapp/auth/provider/local" } as const;
export const loginDesktopOp = { name: "loginDesktop", method: "POST", path: "/vapp/auth/provider/local/desktop" } as const;
export const magicLinkLoginOp = { name: "magicLinkLogin", method: "POST", path: "/vapp/auth/provider/magic" } as const;
export const registerOp = { name: "register", method: "POST", path: "/vapp/auth/register" } as const;
export const forgotPasswordOp = { name: "forgotPassword", method: "POST", path: "/vapp/auth/forgot-password" } as const;
export const changePasswordOp = { name: "changePassword", method: "POST", path: "/vapp/auth/change-password" } as const;
export const logoutOp = { name: "logout", method: "GET", path: "/vapp/auth/logout" } as const;
