/** Where the operations of lib/search/search-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const globalSearchOp = { name: "globalSearch", method: "GET", path: "/vapp/search" } as const;
