import { getInvitation } from "@/lib/accounts/accept-invitation";
import { sendInvitations } from "@/lib/accounts/member-operations";
import { tokenQuerySchema } from "@/lib/sign-in/schemas";
import { route } from "@/lib/http/route";
import { restRoute } from "@/lib/operations/rest";

/** What the invitation page shows: workspace, role, address, and whether an account must be made. */
export const GET = route({ operation: "getInvitation", input: tokenQuerySchema }, ({ input }) => getInvitation(input.token));

/** Sends invitations: { emails, roleId }. */
export const POST = restRoute(sendInvitations, { status: 201 });
