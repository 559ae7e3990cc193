import { logoutOperation } from "@/lib/sign-in/sign-in-operations";
import { clearSessionCookies } from "@/lib/http/session-cookies";
import { restRoute } from "@/lib/operations/rest";

/** Ends the session; answers `false` when there was none to end. */
export const GET = restRoute(logoutOperation, {
  respond: (ended) => clearSessionCookies(Response.json(ended, { headers: { "cache-control": "no-store" } })),
});
