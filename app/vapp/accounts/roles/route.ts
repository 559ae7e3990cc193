import { findAccountRoles } from "@/lib/accounts/find-account-roles";
import { accountRoleInputSchema, accountRoleUpsertSchema } from "@/lib/accounts/account-role-schemas";
import { createAccountRole, upsertAccountRole } from "@/lib/accounts/save-account-role";
import { route } from "@/lib/http/route";

export const GET = route({ operation: "accountRoles" }, ({ ctx }) => findAccountRoles(ctx));

/** Creates a role of the workspace: { name, permissions, metadata? }. */
export const POST = route({ operation: "createAccountRole", input: accountRoleInputSchema }, async ({ ctx, input }) =>
  Response.json(await createAccountRole(ctx, input), { status: 201 }),
);

/** Updates the role `id` names, or creates one without `id`. */
export const PUT = route({ operation: "upsertAccountRole", input: accountRoleUpsertSchema }, ({ ctx, input }) =>
  upsertAccountRole(ctx, input),
);
