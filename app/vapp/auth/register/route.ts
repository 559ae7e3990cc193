import { registerUser } from "@/lib/auth/register-user";
import { signUpSchema } from "@/lib/auth/schemas";
import { route } from "@/lib/http/route";

export const POST = route({ operation: "register", input: signUpSchema }, async ({ ctx, input }) => {
  const user = await registerUser(ctx, input);
  return Response.json(user, { status: 201 });
});
