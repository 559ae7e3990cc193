import { requestAccess } from "@/lib/accounts/account-operations";
import { restRoute } from "@/lib/operations/rest";

/** Asks the workspace's administrators for more access: `{ note? }` → `{ requestedAt, recipients }`. */
export const POST = restRoute(requestAccess);
