/** Where the operations of lib/work-queue/work-queue-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const workQueueOp = { name: "workQueue", method: "GET", path: "/vapp/work-queue" } as const;
