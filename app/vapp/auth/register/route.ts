import { register } from "@/lib/sign-in/sign-in-operations";
import { restRoute } from "@/lib/operations/rest";

/** Spec section 7: "signUpInput, with an optional signed header": an invitation token to join a workspace. */
const SIGNED_HEADER = "signed";

export const POST = restRoute(register, {
  status: 201,
  // The invitation comes only in the header, never in the body.
  map: (raw, req) => ({ ...raw, invitationToken: req.headers.get(SIGNED_HEADER)?.trim() || undefined }),
});
