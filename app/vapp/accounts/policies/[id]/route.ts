import { z } from "zod";
import { removeMember, updateMemberRole, updateMemberRoleSchema } from "@/lib/accounts/manage-members";
import { membershipSchema } from "@/lib/accounts/member";
import { route } from "@/lib/http/route";

/** Changes a member's role: { roleId }. */
export const PATCH = route({ operation: "updateAccountPolicy", input: updateMemberRoleSchema, withParams: true, output: membershipSchema }, ({ ctx, input }) =>
  updateMemberRole(ctx, input),
);

/** Removes a member or withdraws an invitation. */
export const DELETE = route({ operation: "deleteAccountPolicy", input: z.object({ id: z.string().min(1).max(64) }), withParams: true, output: membershipSchema }, ({ ctx, input }) =>
  removeMember(ctx, input.id),
);
