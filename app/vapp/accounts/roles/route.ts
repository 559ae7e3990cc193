import { createRole, listAccountRoles, upsertRole } from "@/lib/accounts/role-operations";
import { restRoute } from "@/lib/operations/rest";

/** The roles a member can hold: the built-in five and the workspace's own. */
export const GET = restRoute(listAccountRoles);

/** Creates a role of the workspace: { name, permissions, metadata? }. */
export const POST = restRoute(createRole, { status: 201 });

/** Updates the role `id` names, or creates one without `id`. */
export const PUT = restRoute(upsertRole);
