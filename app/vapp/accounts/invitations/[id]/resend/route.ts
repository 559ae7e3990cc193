import { resendMemberInvitation } from "@/lib/accounts/member-operations";
import { restRoute } from "@/lib/operations/rest";

/** Sends a pending invitation again with a new link. */
export const POST = restRoute(resendMemberInvitation, { withParams: true });
