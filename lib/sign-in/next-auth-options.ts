import type { AuthOptions } from "next-auth";
import GoogleProvider from "next-auth/providers/google";
import { appBaseUrl } from "@/lib/navigation/app-base-url";
import { anonymousContext } from "@/lib/auth/context";
import { authSecret } from "@/lib/auth/secret";
import { SESSION_MAX_AGE_SECONDS } from "@/lib/auth/session-jwt";
import { signInWithGoogle } from "./sign-in-with-google";

/** Google sign-in is offered only when its keys are configured. */
export const isGoogleEnabled = () => Boolean(process.env.GOOGLE_CLIENT_ID && process.env.GOOGLE_CLIENT_SECRET);

/** Where next-auth's own routes live (sign-in, CSRF, and the callbacks it handles). */
export const NEXT_AUTH_BASE = "/vapp/auth/nextauth";

/**
 * Where Google sends the browser back (spec section 7: GET /vapp/auth/provider/google/cb), the
 * redirect URI to register with Google. The route hands the request to next-auth's Google callback.
 */
export const GOOGLE_CALLBACK_PATH = "/vapp/auth/provider/google/cb";

/**
 * next-auth v4 always derives a provider's redirect URI from its own base (`NEXTAUTH_URL`, or
 * /api/auth): `${base}/callback/google`. Google must see the same address in the authorization
 * request and in the code exchange, so both are set to ours here.
 */
function googleProvider() {
  const redirectUri = `${appBaseUrl()}${GOOGLE_CALLBACK_PATH}`;
  return GoogleProvider({
    clientId: process.env.GOOGLE_CLIENT_ID!,
    clientSecret: process.env.GOOGLE_CLIENT_SECRET!,
    authorization: { params: { redirect_uri: redirectUri } },
    token: {
      async request({ client, params, checks }) {
        return { tokens: await client.callback(redirectUri, params, checks) };
      },
    },
  });
}

/**
 * next-auth handles the identity providers and owns the session JWT format; our session rows
 * stand behind every JWT (`sid`), so logout and password changes end sessions for real.
 */
export function authOptions(): AuthOptions {
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    providers: isGoogleEnabled() ? [googleProvider()] : [],
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
