import { z } from "zod";
import { tokenBody } from "@/lib/http/session-cookies";
import { defineOperation } from "@/lib/operations/operation";
import { ownUserSchema, ownPolicySchema } from "./user-operations";
import { getSessionView } from "./get-session-view";
import { refreshSession } from "@/lib/auth/session";
import { signInWithToken } from "@/lib/auth/sign-in-with-token";

/**
 * A session's own operations (docs/api.md, "Auth"): reading it, starting one with an API token,
 * and swapping a refresh token for new tokens. Open to anyone: the key or the refresh token is the
 * proof. The routes add the session's cookies (lib/operations/rest.ts `respond`).
 */
const tokens = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresAt: z.string(),
  userId: z.string(),
  accountId: z.string().nullable(),
});

export const currentSession = defineOperation({
  name: "session",
  graphql: false,
  kind: "query",
  description:
    "The current session: the user, the account in use, the role, permissions and how the caller came; `{ user: null }` signed out.",
  callers: ["anyone"],
  input: z.object({}),
  output: z.object({
    user: ownUserSchema.extend({ policies: z.array(ownPolicySchema) }).nullable(),
    accountId: z.string().nullable().optional(),
    role: z.string().nullable().optional(),
    permissions: z.array(z.string()).optional(),
    via: z.string().optional(),
  }),
  run: (ctx) => getSessionView(ctx),
});

export const tokenLogin = defineOperation({
  name: "tokenLogin",
  graphql: false,
  kind: "mutation",
  description: "API-token sign-in: the key (REST: the `x-access-token` header) gives tokens in the body and the session's cookies.",
  callers: ["anyone"],
  input: z.object({ "x-access-token": z.string().min(1).max(200) }),
  output: tokens,
  run: async (ctx, input) => {
    const { session } = await signInWithToken(ctx, input["x-access-token"]);
    return { ...tokenBody(session), session };
  },
});

export const refreshTokenOperation = defineOperation({
  name: "refreshToken",
  // REST only, as the spec has it: the answer sets the session cookies.
  graphql: false,
  kind: "mutation",
  description: "Swaps a refresh token (REST: the body's, or the browser's `refresh-token` cookie) for new tokens.",
  callers: ["anyone"],
  input: z.object({ refreshToken: z.string().min(1).max(200) }).strict(),
  output: tokens,
  run: async (ctx, input) => {
    const session = await refreshSession(ctx, input.refreshToken);
    return { ...tokenBody(session), session };
  },
});

export const sessionOperations = [currentSession, tokenLogin, refreshTokenOperation];
