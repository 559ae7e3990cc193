import { activityOperation } from "@/lib/documents/activity-operations";
import { restRoute } from "@/lib/operations/rest";

/** Activity by document (?documentId=) or by email (?email=), newest first (GraphQL `activity`). */
export const GET = restRoute(activityOperation, { headers: { "cache-control": "no-store" } });
