import { acceptInvitation, acceptInvitationSchema } from "@/lib/accounts/accept-invitation";
import { route } from "@/lib/http/route";
import { withSessionCookies } from "@/lib/http/session-cookies";

/** Accepts an invitation; a new invitee is signed in (session cookies set). */
export const POST = route({ operation: "acceptInvitation", input: acceptInvitationSchema }, async ({ ctx, input }) => {
  const { accountId, session } = await acceptInvitation(ctx, input);
  const response = Response.json({ accountId });
  return session ? withSessionCookies(response, session) : response;
});
