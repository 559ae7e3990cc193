/** Where the operations of lib/accounts/brand-image-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const getBrandImageOp = { name: "getBrandImage", method: "GET", path: "/vapp/accounts/brand/{kind}" } as const;
export const uploadBrandImageOp = { name: "uploadBrandImage", method: "POST", path: "/vapp/accounts/brand/{kind}" } as const;
