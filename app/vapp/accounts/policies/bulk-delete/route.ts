import { idsSchema } from "@/lib/accounts/account-role-schemas";
import { removeMembers } from "@/lib/accounts/manage-members";
import { route } from "@/lib/http/route";

/** Removes several members or invitations, all or none. */
export const POST = route({ operation: "bulkDeleteAccountPolicies", input: idsSchema }, async ({ ctx, input }) => ({ ids: await removeMembers(ctx, input.ids) }));
