import { deleteMembers } from "@/lib/accounts/member-operations";
import { restRoute } from "@/lib/operations/rest";

/** Removes several members or invitations, all or none: { ids } → { ids }. */
export const POST = restRoute(deleteMembers);
