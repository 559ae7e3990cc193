import { idsSchema } from "@/lib/accounts/account-role-schemas";
import { deleteAccountRoles } from "@/lib/accounts/delete-account-roles";
import { route } from "@/lib/http/route";

export const POST = route({ operation: "bulkDeleteAccountRoles", input: idsSchema }, async ({ ctx, input }) => ({
  ids: await deleteAccountRoles(ctx, input.ids),
}));
