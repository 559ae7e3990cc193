import { deleteRole, updateRole } from "@/lib/accounts/role-operations";
import { restRoute } from "@/lib/operations/rest";

/** Renames a workspace role or changes its permissions: { name?, permissions?, metadata? }. */
export const PATCH = restRoute(updateRole, { withParams: true });

/** Deletes a workspace role nobody holds. */
export const DELETE = restRoute(deleteRole, { withParams: true });
