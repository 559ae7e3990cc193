import { deleteMember, updateMember } from "@/lib/accounts/member-operations";
import { restRoute } from "@/lib/operations/rest";

/** Changes a member's role: { roleId }. */
export const PATCH = restRoute(updateMember, { withParams: true });

/** Removes a member or withdraws an invitation. */
export const DELETE = restRoute(deleteMember, { withParams: true });
