import { z } from "zod";
import { accountRoleUpdateSchema } from "@/lib/accounts/account-role-schemas";
import { deleteAccountRoles } from "@/lib/accounts/delete-account-roles";
import { updateAccountRole } from "@/lib/accounts/save-account-role";
import { route } from "@/lib/http/route";

/** Renames a workspace role or changes its permissions: { name?, permissions?, metadata? }. */
export const PATCH = route({ operation: "updateAccountRole", input: accountRoleUpdateSchema, withParams: true }, ({ ctx, input }) =>
  updateAccountRole(ctx, input),
);

/** Deletes a workspace role nobody holds. */
export const DELETE = route(
  { operation: "deleteAccountRole", input: z.object({ id: z.string().min(1).max(64) }), withParams: true },
  async ({ ctx, input }) => ({
    id: (await deleteAccountRoles(ctx, [input.id]))[0],
  }),
);
