import { workQueueOperation } from "@/lib/work-queue/work-queue-operations";
import { restRoute } from "@/lib/operations/rest";

/** The signed-in member's work queue: counts and the first items of each list (GraphQL `workQueue`). */
export const GET = restRoute(workQueueOperation, { headers: { "cache-control": "no-store" } });
