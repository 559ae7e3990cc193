import { login } from "@/lib/sign-in/sign-in-operations";
import { withSessionCookies } from "@/lib/http/session-cookies";
import { restRoute } from "@/lib/operations/rest";

/** Password sign-in: `{ user, accountId }` with the session's cookies. */
export const POST = restRoute(login, { respond: (output, { session }) => withSessionCookies(Response.json(output), session) });
