import { getInvitation } from "@/lib/accounts/accept-invitation";
import { inviteMembers, inviteMembersSchema } from "@/lib/accounts/invite-members";
import { tokenQuerySchema } from "@/lib/auth/schemas";
import { route } from "@/lib/http/route";

/** What the invitation page shows: workspace, role, address, and whether an account must be made. */
export const GET = route({ operation: "getInvitation", input: tokenQuerySchema }, ({ input }) => getInvitation(input.token));

/** Sends invitations: { emails, roleId }. */
export const POST = route({ operation: "sendInvitations", input: inviteMembersSchema }, async ({ ctx, input }) =>
  Response.json(await inviteMembers(ctx, input), { status: 201 }),
);
