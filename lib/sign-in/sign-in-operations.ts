import { z } from "zod";
import { tokenBody } from "@/lib/http/session-cookies";
import { defineOperation } from "@/lib/operations/operation";
import { changePassword } from "./change-password";
import { forgotPassword } from "./forgot-password";
import { logout } from "./logout";
import { registerUser } from "./register-user";
import { requestMagicLink } from "./request-magic-link";
import { changePasswordSchema, forgotPasswordSchema, magicLinkSchema, signInSchema, signUpSchema } from "./schemas";
import { signInWithPassword } from "./sign-in-with-password";

/**
 * Signing in and out, registering and resetting a password (docs/api.md, "Auth"), declared once.
 * They are open to anyone: the password, the emailed token or the session itself is the proof.
 * Sign-in and sign-out set or clear the session's cookies through their REST route's `respond`
 * (lib/operations/rest.ts); the session never reaches the JSON body. The provider callbacks
 * (Google, One Tap, SAML, the magic link's landing) are browser redirects, not operations.
 */
const anyone = { callers: ["anyone"] } as const;
const sent = z.object({ sent: z.literal(true) });

const signedInUser = z.object({ id: z.string(), email: z.string(), language: z.string().nullable(), tos: z.boolean() });

export const login = defineOperation({
  name: "login",
  graphql: false,
  kind: "mutation",
  description: "Password sign-in for the browser: the user and the workspace the session starts in, with the session's cookies.",
  ...anyone,
  input: signInSchema,
  output: z.object({ user: signedInUser, accountId: z.string().nullable() }),
  run: async (ctx, input) => {
    const { session, user } = await signInWithPassword(ctx, input);
    return { user, accountId: session.accountId, session };
  },
});

export const loginDesktop = defineOperation({
  name: "loginDesktop",
  graphql: false,
  kind: "mutation",
  description: "Password sign-in for desktop and other non-browser clients: tokens in the body, no cookies.",
  ...anyone,
  input: signInSchema,
  output: z.object({
    accessToken: z.string(),
    refreshToken: z.string(),
    expiresAt: z.string(),
    userId: z.string(),
    accountId: z.string().nullable(),
    user: signedInUser,
  }),
  run: async (ctx, input) => {
    const { session, user } = await signInWithPassword(ctx, input);
    return { ...tokenBody(session), user };
  },
});

export const magicLinkLogin = defineOperation({
  name: "magicLinkLogin",
  graphql: false,
  kind: "mutation",
  description: "Emails a sign-in link (with an optional redirect inside the app); the same answer whether or not the address is known.",
  ...anyone,
  input: magicLinkSchema,
  output: sent,
  run: (ctx, input) => requestMagicLink(ctx, input),
});

export const register = defineOperation({
  name: "register",
  graphql: false,
  kind: "mutation",
  description:
    "Creates a user and their workspace; with an invitation token (REST: the `signed` header) the user joins that workspace instead.",
  ...anyone,
  input: signUpSchema.extend({ invitationToken: z.string().min(1).max(200).optional() }),
  output: z.object({ id: z.string(), email: z.string(), accountId: z.string().optional(), verified: z.boolean().optional() }),
  run: (ctx, { invitationToken, ...input }) => registerUser(ctx, input, { invitationToken }),
});

export const forgotPasswordOperation = defineOperation({
  name: "forgotPassword",
  graphql: false,
  kind: "mutation",
  description: "Emails a password reset link; the same answer whether or not the address is known.",
  ...anyone,
  input: forgotPasswordSchema,
  output: sent,
  run: (ctx, input) => forgotPassword(ctx, input),
});

export const changePasswordOperation = defineOperation({
  name: "changePassword",
  graphql: false,
  kind: "mutation",
  description: "Sets a new password with the emailed reset token.",
  ...anyone,
  input: changePasswordSchema,
  output: z.object({ done: z.literal(true) }),
  run: (ctx, input) => changePassword(ctx, input),
});

export const logoutOperation = defineOperation({
  name: "logout",
  graphql: false,
  kind: "query",
  description: "Ends the session and clears its cookies; false when there was none to end.",
  ...anyone,
  input: z.object({}),
  output: z.boolean(),
  run: (ctx) => logout(ctx),
});

export const authOperations = [
  login,
  loginDesktop,
  magicLinkLogin,
  register,
  forgotPasswordOperation,
  changePasswordOperation,
  logoutOperation,
];
