/**
 * The security headers of every answer (docs/security-headers.md). SECURITY-CRITICAL: a change
 * here comes with tests/unit/http/security-headers.test.ts and tests/e2e/security/headers.spec.ts.
 *
 * Two places apply them, both from this module:
 * - next.config.ts `headers()`: the headers that never vary (nosniff, Referrer-Policy) on every
 *   path, Next's own assets included. They are fixed at build time, so nothing that depends on the
 *   running environment goes there.
 * - proxy.ts: per request, the Content-Security-Policy (a fresh nonce for each page), the frame
 *   options and HSTS, chosen by `securityHeadersFor`. Headers set there win over a route
 *   handler's own headers of the same name (Next appends a handler's header only when the proxy
 *   did not set it), so the route kinds below are decided here, not in the handlers.
 *
 * Plain module: no Node-only or database imports, proxy.ts and next.config.ts load it.
 */

export const CONTENT_TYPE_OPTIONS = "nosniff";
/** Other sites learn our origin at most, never a path (ids of documents, folders, templates). */
export const REFERRER_POLICY = "strict-origin-when-cross-origin";
/**
 * A share-link visitor has no account: nothing of the link, not even our origin, goes to the
 * sites its document's links lead to.
 */
export const SHARE_LINK_REFERRER_POLICY = "no-referrer";

/** JSON and other API answers: nothing to load, run or frame. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";
/**
 * A stored file shown in the browser on purpose (`?inline=1`: the PDF iframe of /d/{id}/view):
 * it loads nothing, runs nothing on our origin (sandbox: an opaque origin even if a browser ever
 * rendered it as a document), and only our own pages may frame it.
 */
export const INLINE_FILE_CSP = "default-src 'none'; frame-ancestors 'self'; sandbox";
/** Two years, workspace sub-domains included (they are this app too); only sent over https. */
export const HSTS = "max-age=63072000; includeSubDomains";

const GOOGLE = "https://accounts.google.com";

/** The environment the policies depend on (read by `securityEnvironment` in the proxy). */
export type SecurityEnvironment = {
  /** NODE_ENV=development: React refresh needs eval, and Yoga shows GraphiQL. */
  isDev: boolean;
  /** GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set: Google sign-in and One Tap. */
  googleEnabled: boolean;
  /** APP_URL, to tell whether the app is served over https. */
  appUrl?: string;
  /** TRUST_PROXY: only then is a proxy's `x-forwarded-proto` believed (see lib/auth/get-request-context.ts). */
  trustProxy?: string;
};

export function securityEnvironment(env: Record<string, string | undefined> = process.env): SecurityEnvironment {
  return {
    isDev: env.NODE_ENV === "development",
    // isGoogleEnabled's test (lib/auth/next-auth-options.ts), which the proxy must not load (next-auth, the database).
    googleEnabled: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    appUrl: env.APP_URL,
    trustProxy: env.TRUST_PROXY,
  };
}

/**
 * The policy of a page (and of the few HTML answers of route handlers). Scripts need this
 * request's nonce: Next reads it from the `script-src` of the request's CSP header and puts it on
 * its own inline and bootstrap scripts; 'strict-dynamic' lets those load Next's chunks, and
 * 'self' is only the fallback of browsers without CSP 3. Never 'unsafe-inline' for scripts, and
 * 'unsafe-eval' in development only (React refresh). Styles allow 'unsafe-inline': React style
 * attributes (tag colours, the tour's highlight, the brand colour) and the sandboxed preview need
 * it, and a style cannot run code. Images: our files, data: (DOCX pictures in previews), blob:
 * and https: (brand images and avatars may be addresses on other sites). Frames: our own PDF
 * view and the share page's blob: PDF. Google's origins only when Google sign-in is configured.
 */
export function pageCsp(nonce: string, env: SecurityEnvironment, https = false): string {
  const google = env.googleEnabled;
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    [
      "script-src",
      "'self'",
      `'nonce-${nonce}'`,
      "'strict-dynamic'",
      ...(google ? [`${GOOGLE}/gsi/client`] : []),
      ...(env.isDev ? ["'unsafe-eval'"] : []),
    ],
    ["style-src", "'self'", "'unsafe-inline'", ...(google ? [`${GOOGLE}/gsi/style`] : [])],
    ["img-src", "'self'", "data:", "blob:", "https:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'", ...(google ? [`${GOOGLE}/gsi/`] : [])],
    ["frame-src", "'self'", "blob:", ...(google ? [`${GOOGLE}/gsi/`] : [])],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    // Google sign-in posts to next-auth, which redirects to Google: browsers check the redirect too.
    ["form-action", "'self'", ...(google ? [GOOGLE] : [])],
    ["frame-ancestors", "'none'"],
    ...(https ? [["upgrade-insecure-requests"] as [string]] : []),
  ];
  return directives.map((parts) => parts.join(" ")).join("; ");
}

/**
 * GraphiQL, which Yoga serves on GET /graphql outside production: its page loads from unpkg and
 * starts with an inline script of Yoga's that we cannot give a nonce. Development only; in
 * production there is no GraphiQL and /graphql answers under API_CSP.
 */
export const DEV_GRAPHIQL_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' 'unsafe-eval' https://unpkg.com",
  "style-src 'self' 'unsafe-inline' https://unpkg.com",
  "img-src 'self' data: https:",
  "font-src 'self' data: https://unpkg.com",
  "worker-src 'self' blob: https://unpkg.com",
  "connect-src 'self' https://unpkg.com",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** The APIs: REST, GraphQL, the public API; everything else is a page. */
const API_PATH = /^\/(vapp|graphql|v1|integrations)(\/|$)/;
export const isApiPath = (pathname: string) => API_PATH.test(pathname);
/** Route handlers that answer an HTML page of their own: the page policy, their script takes its nonce. */
const HTML_ROUTES = [/^\/vapp\/auth\/provider\/google$/];

export type ResponseKind = "page" | "api" | "inline-file" | "html-route" | "graphiql";

/** Which policy an answer gets, from the request alone (the proxy never sees the answer). */
export function responseKind(pathname: string, searchParams: URLSearchParams, method: string, env: SecurityEnvironment): ResponseKind {
  if (!isApiPath(pathname)) return "page";
  if (HTML_ROUTES.some((re) => re.test(pathname))) return "html-route";
  if (env.isDev && pathname === "/graphql" && method === "GET") return "graphiql";
  // The file routes show a file only with ?inline=1 (lib/http/file-response.ts); any other answer there is JSON.
  if (method === "GET" && searchParams.get("inline") === "1") return "inline-file";
  return "api";
}

/**
 * Served over https: APP_URL says so, or a trusted proxy (TRUST_PROXY) says the request came
 * over https. Next fills `x-forwarded-proto` from the client's own header, so it is not believed
 * without TRUST_PROXY (browsers ignore HSTS over http anyway).
 */
export function isHttps(env: SecurityEnvironment, forwardedProto: string | null): boolean {
  if (env.appUrl?.startsWith("https://")) return true;
  const hops = env.trustProxy === "true" ? 1 : Number.parseInt(env.trustProxy ?? "", 10);
  if (!Number.isInteger(hops) || hops < 1) return false;
  return forwardedProto?.split(",")[0]?.trim().toLowerCase() === "https";
}

/** A nonce for one response: 128 random bits, base64 (Next accepts [A-Za-z0-9+/_-] and padding). */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export type SecurityHeaders = {
  /** Headers of the answer. */
  response: Record<string, string>;
  /** The page CSP, also put on the request so that Next (and an HTML route) finds the nonce. */
  requestCsp?: string;
};

/** The per-request headers of one answer (proxy.ts); nosniff and Referrer-Policy come from next.config.ts. */
export function securityHeadersFor(
  request: { pathname: string; searchParams: URLSearchParams; method: string; forwardedProto: string | null },
  env: SecurityEnvironment,
  nonce: () => string = createNonce,
): SecurityHeaders {
  const https = isHttps(env, request.forwardedProto);
  const kind = responseKind(request.pathname, request.searchParams, request.method, env);
  const response: Record<string, string> = { "x-frame-options": kind === "inline-file" ? "SAMEORIGIN" : "DENY" };
  if (https) response["strict-transport-security"] = HSTS;
  if (kind === "page" || kind === "html-route") {
    const csp = pageCsp(nonce(), env, https);
    response["content-security-policy"] = csp;
    return { response, requestCsp: csp };
  }
  response["content-security-policy"] = kind === "inline-file" ? INLINE_FILE_CSP : kind === "graphiql" ? DEV_GRAPHIQL_CSP : API_CSP;
  return { response };
}

/** The nonce of a CSP (the request's, for an HTML route handler), as Next reads it. */
export function nonceOf(csp: string | null): string | undefined {
  const scriptSrc = csp
    ?.split(";")
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith("script-src "));
  return scriptSrc
    ?.split(/\s+/)
    .map((source) => /^'nonce-([A-Za-z0-9+/_-]+={0,2})'$/.exec(source)?.[1])
    .find(Boolean);
}

/** next.config.ts `headers()`: the fixed headers of every answer; share pages send no referrer. */
export function staticSecurityHeaders() {
  return [
    {
      source: "/:path*",
      headers: [
        { key: "X-Content-Type-Options", value: CONTENT_TYPE_OPTIONS },
        { key: "Referrer-Policy", value: REFERRER_POLICY },
      ],
    },
    // Later entries win for the same header (Next's rule).
    { source: "/s/:path*", headers: [{ key: "Referrer-Policy", value: SHARE_LINK_REFERRER_POLICY }] },
  ];
}
