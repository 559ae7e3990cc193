import { NextResponse, type NextRequest } from "next/server";
import { readSessionJwt } from "@/lib/auth/session-jwt";
import { safeRedirect } from "@/lib/navigation/safe-redirect";
import { PAGE_PATH_HEADER } from "@/lib/navigation/page-path";
import { subdomainRedirect } from "@/lib/navigation/subdomain";
import { isApiPath, securityEnvironment, securityHeadersFor } from "@/lib/http/security-headers";

/**
 * The edge of every answer. For screens: the sub-domain and login guards (spec "Guards"). It only
 * looks at whether a session cookie is present; pages check the session itself
 * (lib/auth/require-page-user.ts), and send a stale cookie through /logout. It reads no database:
 * a workspace sub-domain is resolved by the page `/login/<slug>` (lib/navigation/subdomain.ts).
 * For every answer, screens and APIs alike: the security headers (lib/http/security-headers.ts),
 * a page's CSP with a fresh nonce on the request too, where Next finds it for its own scripts.
 */
const SESSION_COOKIES = ["next-auth.session-token", "__Secure-next-auth.session-token"];

/** Guest-only screens: a signed-in visitor goes to the redirect or home. */
const GUEST_ONLY = [/^\/login(\/|$)/, /^\/signup$/, /^\/forgot-password(\/|$)/, /^\/change-password$/];

/** A workspace's sign-in address (`/login/acme`): signed in, the page selects that workspace. */
const WORKSPACE_LOGIN = /^\/login\/[^/]/;

/** Screens open to everyone (people without an account act through links). */
const PUBLIC = [
  /^\/verify-email$/,
  /^\/verify$/,
  /^\/logout$/,
  /^\/invite$/,
  /^\/sign$/,
  /^\/sign\/failed$/,
  /^\/review$/,
  /^\/review\/failed$/,
  /^\/thanks$/,
  /^\/out$/,
  /^\/f\//,
  /^\/s\//,
  /^\/dev\//,
  /^\/not-found$/,
];

export async function proxy(request: NextRequest) {
  const { pathname, searchParams } = request.nextUrl;
  const security = securityHeadersFor(
    { pathname, searchParams, method: request.method, forwardedProto: request.headers.get("x-forwarded-proto") },
    securityEnvironment(),
  );
  // Only ours: Next and the HTML routes take the nonce from the request's policy.
  const headers = new Headers(request.headers);
  if (security.requestCsp) headers.set("content-security-policy", security.requestCsp);
  else headers.delete("content-security-policy");
  // APIs, and files with an extension (Next's 404 for them is a page, so it keeps the page policy).
  const response = !decodable(pathname)
    ? NextResponse.rewrite(new URL("/not-found", request.url), { request: { headers } })
    : isApiPath(pathname) || FILE_PATH.test(pathname)
      ? NextResponse.next({ request: { headers } })
      : await guard(request, headers);
  for (const [name, value] of Object.entries(security.response)) response.headers.set(name, value);
  return response;
}

/**
 * Whether the path decodes: a percent-escape of bytes that are not UTF-8 (`/d/%FF`, `/s/%C0%AF`)
 * names no screen and no resource, but Next answers it on a dynamic route with a bare "Internal
 * Server Error" (vercel/next.js#92527): it gets the not-found screen instead (404, the visitor's
 * language), as an unknown path does.
 */
function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** Files are not screens: no guard for them. */
const FILE_PATH = /\.[a-zA-Z0-9]+$/;

/**
 * The address the visitor asked for: the request's URL with the host they named (the Host
 * header). Next builds `request.url` from the address the server listens on, so a server on every
 * interface (`-H 0.0.0.0`, the Docker image) saw `0.0.0.0:3000` for every request and sent each
 * to APP_URL again, without end.
 */
function addressAsked(request: NextRequest): URL {
  const url = new URL(request.url);
  // A value that is not a host leaves the URL as Next built it (the setter ignores it).
  url.host = request.headers.get("host") ?? url.host;
  return url;
}

async function guard(request: NextRequest, headers: Headers) {
  const { pathname, search } = request.nextUrl;
  const signedIn = SESSION_COOKIES.some((name) => request.cookies.has(name));

  const isPublic = PUBLIC.some((re) => re.test(pathname));
  const isGuestOnly = GUEST_ONLY.some((re) => re.test(pathname));
  // Screens that are not a workspace's (share links, signing, registration…) keep their path.
  const keepPath = isPublic || (isGuestOnly && !pathname.startsWith("/login"));
  const elsewhere = subdomainRedirect(addressAsked(request), process.env.APP_URL, { keepPath });
  if (elsewhere) return NextResponse.redirect(elsewhere);

  if (isGuestOnly) {
    if (!signedIn) return NextResponse.next({ request: { headers } });
    // The sub-domain guard's landing: the page switches a member's session to that workspace.
    if (WORKSPACE_LOGIN.test(pathname)) return withPagePath(request, headers);
    // An internal (staff) user may still reach registration.
    if (pathname === "/signup" && (await isInternalSession(request))) return NextResponse.next({ request: { headers } });
    // Only back into the app: `/\evil.example` or `/%09/evil.example` would leave it.
    const target = safeRedirect(request.nextUrl.searchParams.get("redirect"), process.env.APP_URL ?? request.url) ?? "/";
    return NextResponse.redirect(new URL(target, request.url));
  }
  if (isPublic || signedIn) return withPagePath(request, headers);

  const login = new URL("/login", request.url);
  login.searchParams.set("redirect", `${pathname}${search}`);
  return NextResponse.redirect(login);
}

/** Pages get no URL: this tells the page guards the real path and query (lib/navigation/page-path.ts). */
function withPagePath(request: NextRequest, headers: Headers) {
  headers.set(PAGE_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.next({ request: { headers } });
}

async function isInternalSession(request: NextRequest): Promise<boolean> {
  const token = SESSION_COOKIES.map((name) => request.cookies.get(name)?.value).find(Boolean);
  return Boolean(token && (await readSessionJwt(token))?.int);
}

export const config = {
  // Every answer but Next's own (assets, HMR; nosniff and Referrer-Policy reach those from next.config.ts).
  matcher: ["/((?!_next|favicon\\.ico).*)"],
};
