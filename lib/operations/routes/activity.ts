/** Where the operations of lib/documents/activity-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const activityOp = { name: "activity", method: "GET", path: "/vapp/activity" } as const;
