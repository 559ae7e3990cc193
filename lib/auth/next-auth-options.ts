import type { AuthOptions } from "next-auth";
import GoogleProvider from "next-auth/providers/google";
import { anonymousContext } from "./context";
import { authSecret } from "./secret";
import { SESSION_MAX_AGE_SECONDS } from "./session-jwt";
import { signInWithGoogle } from "./sign-in-with-google";

/** Google sign-in is offered only when its keys are configured. */
export const isGoogleEnabled = () => Boolean(process.env.GOOGLE_CLIENT_ID && process.env.GOOGLE_CLIENT_SECRET);

/** Where next-auth's own routes live (its callback for Google is `${NEXT_AUTH_BASE}/callback/google`). */
export const NEXT_AUTH_BASE = "/vapp/auth/nextauth";

/**
 * next-auth handles the identity providers and owns the session JWT format; our session rows
 * stand behind every JWT (`sid`), so logout and password changes end sessions for real.
 */
export function authOptions(): AuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    providers: isGoogleEnabled()
      ? [GoogleProvider({ clientId: process.env.GOOGLE_CLIENT_ID!, clientSecret: process.env.GOOGLE_CLIENT_SECRET! })]
      : [],
    pages: { signIn: "/login", error: "/login" },
    callbacks: {
      async jwt({ token, account, profile }) {
        if (account?.provider !== "google" || !token.email) return token;
        const google = profile as { email_verified?: boolean; given_name?: string; family_name?: string; picture?: string } | undefined;
        const { session } = await signInWithGoogle(anonymousContext(), {
          email: token.email,
          firstName: google?.given_name,
          lastName: google?.family_name,
          avatar: google?.picture,
          verified: google?.email_verified === true,
        });
        return { sub: session.userId, sid: session.sessionId, aid: session.accountId };
      },
    },
  };
}
