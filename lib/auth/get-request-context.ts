/**
 * SECURITY-CRITICAL. Builds the service context once per request from, in order: an API key
 * (`x-api-key`, or `api-key` as the spec's public API names it), a reviewer's or signer's `signed`
 * token (lib/signing/signing-tokens.ts), a share link's access token
 * (`Authorization: Bearer`, a visitor), a bearer access token, or the session cookie. A key that is present but unknown or revoked gives an anonymous context, even
 * with a session cookie beside it. The account is the one named by the account header when the
 * user belongs to it, else the session's, else the first one. A key's use is counted on the token
 * (`used`, `usedAt`) each time it authenticates a request; an unknown key is counted as a failure
 * (lib/auth/throttle.ts), and past the limits it is refused with TOO_MANY_ATTEMPTS.
 */
import { db, queryRows } from "@/lib/db";
import { asDate, asJson } from "@/lib/database/raw-values";
import { myPoliciesJsonSql, policiesFromJson } from "./session-policies";
import { LOCALE_COOKIE, resolveLocale, type Locale } from "@/lib/i18n/locales";
import type { User } from "@/lib/generated/prisma/client";
import { anonymousContext, type ServiceContext } from "./context";
import { rolePermissions } from "./permissions";
import { readSessionJwt, sessionCookieName } from "./session-jwt";
import { findActiveToken } from "./sign-in-with-token";
import { countApiKeyFailure } from "./throttle";
import { linkRef } from "@/lib/links/link-access";
import { verifyLinkAccessToken } from "@/lib/links/link-tokens";
import { SIGNED_HEADER, SIGNED_PARAM } from "@/lib/signing/signing-links";
import { verifySigningToken } from "@/lib/signing/signing-tokens";

/** Header naming the account a request acts in. */
export const ACCOUNT_HEADER = "x-account-id";
/** Header naming the language of the answer (messages, errors). */
export const LANGUAGE_HEADER = "x-language";
/** Headers carrying an API key: ours, and the spec's name for the public API (/v1). */
export const API_KEY_HEADER = "x-api-key";
export const PUBLIC_API_KEY_HEADER = "api-key";

export type RequestSource = {
  header(name: string): string | null;
  cookie(name: string): string | null;
};

/**
 * `signedQuery: false` (GraphQL) reads a reviewer's or signer's token from the `signed` header
 * only: a query's address lands in logs and browser histories, and a GraphQL client always sends
 * headers.
 */
export function sourceFromRequest(req: Request, { signedQuery = true }: { signedQuery?: boolean } = {}): RequestSource {
  const cookies = parseCookies(req.headers.get("cookie"));
  // A reviewer's or signer's download is a plain link (no headers): on GET the token may come as
  // the `signed` query parameter, as it does in the address the email gave them.
  const signedParam = () => (signedQuery && req.method === "GET" ? new URL(req.url).searchParams.get(SIGNED_PARAM) : null);
  return {
    header: (name) => req.headers.get(name) ?? (name === SIGNED_HEADER ? signedParam() : null),
    cookie: (name) => cookies.get(name) ?? null,
  };
}

export function parseCookies(header: string | null): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of header?.split(";") ?? []) {
    const index = part.indexOf("=");
    if (index > 0) {
      const value = part.slice(index + 1).trim();
      try {
        map.set(part.slice(0, index).trim(), decodeURIComponent(value));
      } catch {
        map.set(part.slice(0, index).trim(), value);
      }
    }
  }
  return map;
}

/** What an IPv4 or IPv6 address may contain (anything else in the header is not an address). */
const IP_ADDRESS = /^[0-9a-f.:]{2,45}$/i;

/**
 * The header in which the app's own entry server (scripts/server.mjs, scripts/remote-address.mjs)
 * hands over the connection's remote address, having removed any copy the client sent; it says
 * so by setting REMOTE_ADDRESS_FLAG in its environment. Keep the names equal to the script's.
 */
export const REMOTE_ADDRESS_HEADER = "x-covenant-remote-address";
export const REMOTE_ADDRESS_FLAG = "COVENANT_REMOTE_ADDRESS_HEADER";

/** How many proxies of ours TRUST_PROXY names (`true`: one); 0 when it names none. */
const trustedHops = (trustProxy: string | undefined) => {
  const hops = trustProxy === "true" ? 1 : Number.parseInt(trustProxy ?? "", 10);
  return Number.isInteger(hops) && hops >= 1 ? hops : 0;
};

/** An address as recorded: lower case, an IPv4-mapped IPv6 address as its IPv4 one; null when it is none. */
const normalised = (candidate: string | null | undefined) => {
  const address = candidate
    ?.trim()
    .toLowerCase()
    .replace(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/, "$1");
  return address && IP_ADDRESS.test(address) ? address : null;
};

/**
 * The caller's IP address as proxies of ours report it, or null when it is not known that way.
 * Headers can be written by any client, so they are read only when `TRUST_PROXY` says how many
 * proxies of ours stand in front of the app (`1`: one). Each proxy appends the address it saw to
 * `X-Forwarded-For`, so the client is that many entries from the right; entries further left were
 * written by the client and are ignored. `X-Real-IP` (set by the nearest proxy) is the fallback.
 * Checks that must know the caller is on this machine (the dev outbox) use this alone; the
 * context's address is `requestIp`.
 */
export function clientIp(src: Pick<RequestSource, "header">, trustProxy = process.env.TRUST_PROXY): string | null {
  const hops = trustedHops(trustProxy);
  if (!hops) return null;
  const forwarded = (src.header("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return normalised(forwarded.length >= hops ? forwarded[forwarded.length - hops] : src.header("x-real-ip"));
}

/** Headers a proxy adds: without TRUST_PROXY, a request carrying one came through a proxy (or says so). */
const FORWARDING_HEADERS = ["x-forwarded-for", "x-real-ip", "forwarded"];

/**
 * The caller's IP address as the service context records it (audit rows, sessions, signatures)
 * and counts it (per-IP limits). With `TRUST_PROXY`: what our proxies report (`clientIp`).
 * Without it: the connection's own remote address, which only the app's entry server can give
 * (REMOTE_ADDRESS_HEADER, believed only when that server set REMOTE_ADDRESS_FLAG), unless the
 * request carries a forwarding header: then a proxy not declared with TRUST_PROXY may stand in
 * between, whose address is not the caller's (and would make every caller one for per-IP
 * limits), so the address is unknown, as it always was without TRUST_PROXY. Null too when the app
 * is served another way (`next dev`).
 */
export function requestIp(src: Pick<RequestSource, "header">, env: Partial<Record<string, string>> = process.env): string | null {
  if (trustedHops(env.TRUST_PROXY)) return clientIp(src, env.TRUST_PROXY);
  if (env[REMOTE_ADDRESS_FLAG] !== "1" || FORWARDING_HEADERS.some((name) => src.header(name) !== null)) return null;
  return normalised(src.header(REMOTE_ADDRESS_HEADER));
}

/** The request's own language preference (header, cookie, browser), before any user setting. */
export function requestLocale(src: RequestSource): Locale {
  return resolveLocale({
    explicit: src.header(LANGUAGE_HEADER) ?? src.cookie(LOCALE_COOKIE),
    acceptLanguage: src.header("accept-language"),
  });
}

type Membership = {
  id: string;
  accessedAt: Date | null;
  accountId: string;
  role: { name: string; global: boolean; permissions: string[] };
  account: { planSlug: string; capabilities: string[] };
};

/** The active membership of the user in that account (API keys act in their own account only). */
async function findMembership(userId: string, accountId: string): Promise<Membership | null> {
  const policy = await db.accountPolicy.findFirst({
    where: { accountId, userId, status: "active", account: { active: true } },
    select: {
      id: true,
      accessedAt: true,
      accountId: true,
      role: { select: { name: true, global: true, permissions: true } },
      account: { select: { planSlug: true, capabilities: true } },
    },
  });
  return policy;
}

const permissionsOf = (role: Membership["role"]): Set<string> => new Set(rolePermissions(role));

export type ContextOptions = {
  /**
   * A page's: the session's statement also reads the user's active memberships (the shell's
   * workspaces, getMe), which an API request seldom needs.
   */
  withPolicies?: boolean;
};

export async function buildContext(src: RequestSource, options: ContextOptions = {}): Promise<ServiceContext> {
  const base = anonymousContext({
    locale: requestLocale(src),
    ip: requestIp(src),
    userAgent: src.header("user-agent"),
  });
  const accountHeader = src.header(ACCOUNT_HEADER);

  const apiKey = src.header(API_KEY_HEADER) || src.header(PUBLIC_API_KEY_HEADER);
  if (apiKey) {
    const token = await findActiveToken(apiKey);
    if (!token) {
      await countApiKeyFailure(base.ip);
      return base;
    }
    await db.accountToken.update({ where: { id: token.id }, data: { used: { increment: 1 }, usedAt: new Date() } });
    const membership = await findMembership(token.userId, token.accountId);
    if (!membership) return base;
    return withMembership({ ...base, userId: token.userId, via: "token", viaId: token.id }, membership);
  }

  // An approval's reviewer or a signer: the `signed` header carries their link's token (spec
  // section 5). It acts in the token's workspace with no permission; the services check the
  // record it names on every use. A forged or expired token gives an anonymous context.
  const signed = src.header(SIGNED_HEADER);
  if (signed) return signedContext(base, signed);

  const authorization = src.header("authorization");
  const bearer = authorization?.startsWith("Bearer ") ? authorization.slice(7).trim() : null;
  // A share link's visitor: a link access token, signed by us (an expired one too, so the
  // visitor's services answer SESSION_EXPIRED and the page refreshes it). The link itself is
  // checked on each use (lib/links/link-access.ts); a forged token gives no visitor.
  if (bearer) {
    const verified = verifyLinkAccessToken(bearer);
    if (verified.ok || verified.reason === "expired") {
      return { ...base, via: "link", viaId: verified.ok ? linkRef(verified.claims.lid) : null, linkToken: bearer };
    }
  }
  const jwt = authorization?.startsWith("Bearer ") ? bearer : src.cookie(sessionCookieName());
  if (!jwt) return base;
  const claims = await readSessionJwt(jwt);
  if (!claims) return base;
  const session = await loadSession(claims.sid, accountHeader, options.withPolicies ?? false);
  if (!session || session.revokedAt || new Date(session.expiresAt) < new Date() || session.deleted || session.userId !== claims.sub) {
    return base;
  }
  const locale = src.header(LANGUAGE_HEADER)
    ? base.locale
    : resolveLocale({
        userLanguage: session.language,
        explicit: src.cookie(LOCALE_COOKIE),
        acceptLanguage: src.header("accept-language"),
      });
  const user = sessionUser(session);
  const policies = options.withPolicies ? policiesFromJson(session.policies ?? []) : undefined;
  const ctx: ServiceContext = {
    ...base,
    locale,
    userId: session.userId,
    via: "session",
    viaId: claims.sid,
    sessionUser: () => user,
    ...(policies && { sessionPolicies: () => policies }),
  };
  const membership: Membership | null = session.policyId
    ? {
        id: session.policyId,
        accountId: session.accountId!,
        accessedAt: session.accessedAt ? new Date(session.accessedAt) : null,
        role: { name: session.roleName!, global: session.roleGlobal!, permissions: session.rolePermissions ?? [] },
        account: { planSlug: session.planSlug!, capabilities: session.capabilities ?? [] },
      }
    : null;
  return membership ? withMembership(ctx, membership) : ctx;
}

/** The context of a reviewer or signer holding `token`; anonymous when it is not valid. */
export function signedContext(base: ServiceContext, token: string): ServiceContext {
  const verified = verifySigningToken(token);
  if (!verified.ok) return base;
  return { ...base, via: "signed", viaId: verified.claims.rid, accountId: verified.claims.aid, signed: verified.claims };
}

/** "Last access" of a member (the members list sorts by it), written at most every few minutes. */
const ACCESS_RESOLUTION_MS = 5 * 60_000;

/**
 * When this process last wrote each membership's access: concurrent first requests of one member
 * (a page and its GraphQL calls) write once, not once each. Cleared whole when it grows large.
 */
const writtenAccess = new Map<string, number>();

/** The access writes still on their way (they run after the answer; tests wait for them). */
const pendingAccessWrites = new Set<Promise<unknown>>();

/** Resolves once every access write started so far has finished. */
export async function accessWritesSettled(): Promise<void> {
  await Promise.all([...pendingAccessWrites]);
}

function touchAccess(membership: Membership): void {
  const last = Math.max(membership.accessedAt?.getTime() ?? 0, writtenAccess.get(membership.id) ?? 0);
  if (Date.now() - last < ACCESS_RESOLUTION_MS) return;
  if (writtenAccess.size >= 10_000) writtenAccess.clear();
  writtenAccess.set(membership.id, Date.now());
  const write = db.accountPolicy
    .update({ where: { id: membership.id }, data: { accessedAt: new Date() } })
    .catch((error) => console.error("Could not record the member's last access", error))
    .finally(() => pendingAccessWrites.delete(write));
  pendingAccessWrites.add(write);
}

function withMembership(ctx: ServiceContext, membership: Membership): ServiceContext {
  touchAccess(membership);
  return {
    ...ctx,
    accountId: membership.accountId,
    role: membership.role.name,
    permissions: permissionsOf(membership.role),
    capabilities: new Set(membership.account.capabilities),
    plan: membership.account.planSlug,
  };
}

/** The user's own columns, read with the session (the same statement). */
type UserColumns = Omit<User, "id" | "deleted" | "language">;

type SessionRow = UserColumns & {
  userId: string;
  revokedAt: Date | string | null;
  expiresAt: Date | string;
  deleted: boolean;
  language: string | null;
  policyId: string | null;
  accountId: string | null;
  accessedAt: Date | string | null;
  roleName: string | null;
  roleGlobal: boolean | null;
  rolePermissions: string[] | null;
  planSlug: string | null;
  capabilities: string[] | null;
  /** With `withPolicies`: the user's memberships (myPoliciesJsonSql). */
  policies?: unknown;
};

/**
 * The session, its user and the membership to act in, in one statement (this runs on every
 * signed-in request), with the user's memberships when asked (a page's). The membership is the
 * one of the account header when the user is an active member of it (none otherwise), else the
 * session's account, else the oldest. Sent through the driver (queryRows): Prisma's pipeline
 * cost more CPU than the statement itself; and prepared, as PostgreSQL took three times longer
 * to plan it than to run it (issue 15).
 */
async function loadSession(sessionId: string, accountHeader: string | null, withPolicies: boolean): Promise<SessionRow | null> {
  const rows = await queryRows<SessionRow>(withPolicies ? SESSION_WITH_POLICIES_SQL : SESSION_SQL, [sessionId, accountHeader], {
    prepared: true,
  });
  return rows[0] ?? null;
}

const sessionSql = (extra: string) => `
    SELECT s."userId", s."revokedAt", s."expiresAt", u."deleted", u."language",
           u."email", u."firstName", u."lastName", u."avatar", u."phone", u."timezone", u."emailVerified",
           u."emailPreferences", u."metadata", u."tos", u."tosAcceptedAt", u."passwordHash", u."signatureEmail",
           u."internal", u."feedbackId", u."deletedAt", u."createdAt", u."updatedAt",
           p."id" AS "policyId", p."accountId", p."accessedAt",
           r."name" AS "roleName", r."global" AS "roleGlobal", r."permissions" AS "rolePermissions",
           a."planSlug", a."capabilities"${extra}
    FROM "Session" s
    JOIN "User" u ON u."id" = s."userId"
    LEFT JOIN LATERAL (
      SELECT m.* FROM "AccountPolicy" m
      JOIN "Account" ma ON ma."id" = m."accountId"
      WHERE m."userId" = s."userId" AND m."status" = 'active' AND ma."active"
        AND ($2::text IS NULL OR m."accountId" = $2::text)
      ORDER BY (m."accountId" = s."accountId") DESC NULLS LAST, m."createdAt" ASC
      LIMIT 1
    ) p ON TRUE
    LEFT JOIN "AccountRole" r ON r."id" = p."roleId"
    LEFT JOIN "Account" a ON a."id" = p."accountId"
    WHERE s."id" = $1`;
const SESSION_SQL = sessionSql("");
const SESSION_WITH_POLICIES_SQL = sessionSql(`,\n           ${myPoliciesJsonSql('s."userId"')} AS "policies"`);

/**
 * The signed-in user's row as Prisma would read it (`db.user.findUnique`), from the session's
 * statement: a GraphQL query for the user's own fields answers from it without a second statement
 * (getCurrentUser). tests/integration/auth/session-user.test.ts compares the two on both databases.
 */
function sessionUser(row: SessionRow): User {
  return {
    id: row.userId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    avatar: row.avatar,
    phone: row.phone,
    language: row.language,
    timezone: row.timezone,
    emailVerified: asDate(row.emailVerified),
    emailPreferences: asJson(row.emailPreferences),
    metadata: asJson(row.metadata),
    tos: row.tos,
    tosAcceptedAt: asDate(row.tosAcceptedAt),
    passwordHash: row.passwordHash,
    signatureEmail: row.signatureEmail,
    internal: row.internal,
    feedbackId: row.feedbackId,
    deleted: row.deleted,
    deletedAt: asDate(row.deletedAt),
    createdAt: asDate(row.createdAt)!,
    updatedAt: asDate(row.updatedAt)!,
  };
}

/** The context of a route handler's request. */
export const getRequestContext = (req: Request) => buildContext(sourceFromRequest(req));
