/**
 * SECURITY-CRITICAL. The service context: who is calling, in which account, with which role,
 * permissions and plan. Built once per request (lib/auth/get-request-context.ts) and passed as
 * the first argument of every service, which scopes every read and write by `accountId`.
 */
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import type { User } from "@/lib/generated/prisma/client";
import type { Locale } from "@/lib/i18n/locales";
import type { MyPolicy } from "./session-policies";
import type { RoleName } from "./permissions";
import type { RequestMemo } from "./request-memo";
import type { SigningClaims } from "@/lib/signing/signing-tokens";

export type Via = "session" | "token" | "link" | "signed" | "system" | "anonymous";

export type ServiceContext = {
  userId: string | null;
  accountId: string | null;
  role: RoleName | string | null;
  permissions: ReadonlySet<string>;
  /** Plan capabilities of the account ('documents', 'brandingColors', ...). */
  capabilities: ReadonlySet<string>;
  plan: string | null;
  via: Via;
  /** Session id, token id or link id the request came through. */
  viaId: string | null;
  /**
   * A share-link visitor's access token (`via: "link"`), as the request presented it. Signed but
   * not yet checked against the link: the visitor's services check it and the link on each use
   * (lib/links/link-access.ts `requireLinkAccess`).
   */
  linkToken?: string;
  /**
   * A reviewer's or signer's token (`via: "signed"`), checked for its signature and expiry: the
   * caller is the recipient of one Approval or Signature of `accountId`. The services check the
   * record itself on each use (lib/signing/signed-caller.ts).
   */
  signed?: SigningClaims;
  locale: Locale;
  ip: string | null;
  userAgent: string | null;
  /** What this request has already worked out; only on a request's own context (lib/auth/request-memo.ts). */
  request?: RequestMemo;
  /**
   * The signed-in user's row as the session's statement read it (a session's context only). A
   * function, so that the row (with its password hash) never shows when a context is logged or
   * serialised. Read only within a read-only request (lib/users/get-me.ts): a context that outlives
   * its request (a subscription) reads the user again.
   */
  sessionUser?: () => User;
  /**
   * The signed-in user's active memberships with their accounts and roles, as getMe shows them,
   * read by a page's session statement (getPageContext), so the shell needs no statement of its
   * own. Read only within a read-only request, as `sessionUser`.
   */
  sessionPolicies?: () => MyPolicy[];
};

export type AuthedContext = ServiceContext & { userId: string };
export type AccountContext = AuthedContext & { accountId: string };

export function anonymousContext(partial: Partial<ServiceContext> = {}): ServiceContext {
  return {
    userId: null,
    accountId: null,
    role: null,
    permissions: new Set(),
    capabilities: new Set(),
    plan: null,
    via: "anonymous",
    viaId: null,
    locale: "en",
    ip: null,
    userAgent: null,
    ...partial,
  };
}

/** Throws UNAUTHENTICATED unless a user is signed in. */
export function requireUser(ctx: ServiceContext): asserts ctx is AuthedContext {
  if (!ctx.userId) throw new AppError(AppErrorCode.UNAUTHENTICATED, { message: "Sign in to continue." });
}

/** Throws unless a user is signed in and acting inside an account. */
export function requireAccount(ctx: ServiceContext): asserts ctx is AccountContext {
  requireUser(ctx);
  if (!ctx.accountId) throw new AppError(AppErrorCode.ACCOUNT_REQUIRED, { message: "Choose a workspace first." });
}
