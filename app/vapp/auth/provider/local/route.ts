import { signInSchema } from "@/lib/auth/schemas";
import { signInWithPassword } from "@/lib/auth/sign-in-with-password";
import { route } from "@/lib/http/route";
import { withSessionCookies } from "@/lib/http/session-cookies";

export const POST = route({ operation: "login", input: signInSchema }, async ({ ctx, input }) => {
  const { session, user } = await signInWithPassword(ctx, input);
  return withSessionCookies(Response.json({ user, accountId: session.accountId }), session);
});
