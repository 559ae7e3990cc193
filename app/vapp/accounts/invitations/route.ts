import { getInvitation } from "@/lib/accounts/accept-invitation";
import { tokenQuerySchema } from "@/lib/auth/schemas";
import { route } from "@/lib/http/route";

/** What the invitation page shows: workspace, role, address, and whether an account must be made. */
export const GET = route({ operation: "getInvitation", input: tokenQuerySchema }, ({ input }) => getInvitation(input.token));
