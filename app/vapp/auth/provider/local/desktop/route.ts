import { signInSchema } from "@/lib/auth/schemas";
import { signInWithPassword } from "@/lib/auth/sign-in-with-password";
import { route } from "@/lib/http/route";
import { tokenBody } from "@/lib/http/session-cookies";

/** Password sign-in for desktop and other non-browser clients: tokens in the body, no cookies. */
export const POST = route({ operation: "loginDesktop", input: signInSchema, credentialsInBody: true }, async ({ ctx, input }) => {
  const { session, user } = await signInWithPassword(ctx, input);
  return { ...tokenBody(session), user };
});
