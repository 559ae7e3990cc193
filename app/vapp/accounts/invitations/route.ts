import { z } from "zod";
import { getInvitation } from "@/lib/accounts/accept-invitation";
import { inviteMembers, inviteMembersSchema } from "@/lib/accounts/invite-members";
import { membershipSchema } from "@/lib/accounts/member";
import { tokenQuerySchema } from "@/lib/auth/schemas";
import { route } from "@/lib/http/route";

/** What the invitation page shows: workspace, role, address, and whether an account must be made. */
export const GET = route({ operation: "getInvitation", input: tokenQuerySchema }, ({ input }) => getInvitation(input.token));

/** Sends invitations: { emails, roleId }. */
export const POST = route({ operation: "sendInvitations", input: inviteMembersSchema, output: z.array(membershipSchema), status: 201 }, ({ ctx, input }) =>
  inviteMembers(ctx, input),
);
