import { currentSession } from "@/lib/users/session-operations";
import { restRoute } from "@/lib/operations/rest";

/** The current session: the user and the account in use, or { user: null } when signed out. */
export const GET = restRoute(currentSession, { respond: (output) => Response.json(output, { headers: { "cache-control": "no-store" } }) });
