/**
 * The sub-domain guard (spec "Guards"): a request whose origin differs from the configured base
 * address goes to the base address, keeping the path and query; from a workspace sub-domain
 * (acme.example.com for base example.com) the account is looked up from the sub-domain (the
 * account's `slug`).
 *
 * The lookup cannot happen here: the proxy reads no database, and the session cookie is set for
 * the base host only, so a sub-domain request does not even carry it. So a workspace
 * sub-domain's screen goes to that workspace's address on the base, `/login/acme?redirect=<path>`,
 * where the cookie is visible:
 * - signed out, it is the workspace's sign-in, and a successful sign-in starts the session in it
 *   (when the user is a member; lib/auth/session.ts);
 * - signed in, the proxy lets the page through and the page resolves the slug: a member's session
 *   is switched to the workspace (lib/accounts/enter-account-by-slug.ts) and goes on to the path; anyone
 *   else stays in their own workspace and is told why.
 * Screens that are not the workspace's (open to everyone: share links, signing; the other
 * guest-only screens) keep their path. Returns the address to redirect to, or null to carry on.
 */
export function subdomainRedirect(requestUrl: URL, baseUrl: string | undefined, options: { keepPath?: boolean } = {}): URL | null {
  if (!baseUrl) return null;
  const base = new URL(baseUrl);
  if (requestUrl.host === base.host || sameMachine(requestUrl, base)) return null;
  const path = `${requestUrl.pathname}${requestUrl.search}`;
  const slug = workspaceSlug(requestUrl.hostname, base.hostname);
  if (!slug || options.keepPath) return new URL(path, base);
  const { pathname } = requestUrl;
  // The workspace's own sign-in, with the query (a redirect) kept; `/login/other` stays as it is.
  if (pathname === "/login" || pathname === "/login/") return new URL(`/login/${slug}${requestUrl.search}`, base);
  if (pathname.startsWith("/login/")) return new URL(path, base);
  const login = new URL(`/login/${slug}`, base);
  if (pathname !== "/" || requestUrl.search) login.searchParams.set("redirect", path);
  return login;
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * A base on this machine (`http://localhost:3000`, the quick start's) reached by another name of
 * this machine on the same port (`127.0.0.1:3000`, the address the server prints): the same
 * place, not another host. Sent "elsewhere", the browser would come back to the name it used
 * (the framework writes a redirect to its own origin as a path), over and over.
 */
function sameMachine(requestUrl: URL, base: URL): boolean {
  return (
    LOOPBACK.has(requestUrl.hostname) &&
    LOOPBACK.has(base.hostname) &&
    requestUrl.port === base.port &&
    requestUrl.protocol === base.protocol
  );
}

/** `acme` for acme.example.com on base example.com; null for any other host (one label only). */
function workspaceSlug(hostname: string, baseHostname: string): string | null {
  const suffix = `.${baseHostname}`;
  if (!hostname.endsWith(suffix)) return null;
  const slug = hostname.slice(0, -suffix.length);
  return /^[a-z0-9-]{1,63}$/i.test(slug) ? slug.toLowerCase() : null;
}
