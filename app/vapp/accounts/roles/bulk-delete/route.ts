import { bulkDeleteRoles } from "@/lib/accounts/role-operations";
import { restRoute } from "@/lib/operations/rest";

/** Deletes several roles nobody holds, all or none: { ids } → { ids }. */
export const POST = restRoute(bulkDeleteRoles);
