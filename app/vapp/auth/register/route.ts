import { registerUser } from "@/lib/auth/register-user";
import { signUpSchema } from "@/lib/auth/schemas";
import { route } from "@/lib/http/route";

/** Spec section 7: "signUpInput, with an optional signed header": an invitation token to join a workspace. */
const SIGNED_HEADER = "signed";

export const POST = route({ operation: "register", input: signUpSchema }, async ({ ctx, input, req }) => {
  const user = await registerUser(ctx, input, { invitationToken: req.headers.get(SIGNED_HEADER) });
  return Response.json(user, { status: 201 });
});
