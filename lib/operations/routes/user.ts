/** Where the operations of lib/users/user-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const meOp = { name: "me", method: "GET", path: "/vapp/users/me" } as const;
export const updateUserOp = { name: "updateUser", method: "PATCH", path: "/vapp/users" } as const;
export const updatePasswordOp = { name: "updatePassword", method: "POST", path: "/vapp/users/password" } as const;
export const setPasswordOp = { name: "setPassword", method: "POST", path: "/vapp/users/set-password" } as const;
export const updateEmailOp = { name: "updateEmail", method: "PUT", path: "/vapp/users" } as const;
export const updateUserMetadataOp = { name: "updateUserMetadata", method: "PATCH", path: "/vapp/users/metadata" } as const;
export const deleteUserOp = { name: "deleteUser", method: "DELETE", path: "/vapp/users" } as const;
export const acceptTosOp = { name: "acceptTos", method: "POST", path: "/vapp/users/tos" } as const;
export const recordWelcomeTourOp = { name: "recordWelcomeTour", method: "POST", path: "/vapp/users/welcome-tour" } as const;
export const verifyEmailOp = { name: "verifyEmail", method: "GET", path: "/vapp/users/verify-email" } as const;
export const sendVerifyEmailOp = { name: "sendVerifyEmail", method: "POST", path: "/vapp/users/send-verify-email/{email}" } as const;
export const getUserAvatarOp = { name: "getUserAvatar", method: "GET", path: "/vapp/users/avatar" } as const;
export const uploadUserAvatarOp = { name: "uploadUserAvatar", method: "POST", path: "/vapp/users/avatar" } as const;
