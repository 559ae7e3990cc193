import { acceptInvitationOperation } from "@/lib/accounts/account-operations";
import { withSessionCookies } from "@/lib/http/session-cookies";
import { restRoute } from "@/lib/operations/rest";

/** Accepts an invitation; a new invitee is signed in (session cookies set). */
export const POST = restRoute(acceptInvitationOperation, {
  respond: (output, { session }) => (session ? withSessionCookies(Response.json(output), session) : Response.json(output)),
});
