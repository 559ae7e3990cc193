/** Where the operations of lib/datastore/data-store-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const dataStoreOp = { name: "dataStore", method: "GET", path: "/vapp/accounts/data-store" } as const;
export const updateDataStoreOp = { name: "updateDataStore", method: "PUT", path: "/vapp/accounts/data-store" } as const;
