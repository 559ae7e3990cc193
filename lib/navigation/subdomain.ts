/**
 * The sub-domain guard (spec "Guards"): a request whose origin differs from the configured base
 * address goes to the base address with the same path and query. From a workspace sub-domain
 * (acme.example.com for base example.com), a signed-out visitor lands on that workspace's
 * sign-in (`/login/acme`), which resolves the account from the slug.
 * Returns the address to redirect to, or null to carry on.
 */
export function subdomainRedirect(requestUrl: URL, baseUrl: string | undefined, signedIn: boolean): URL | null {
  if (!baseUrl) return null;
  const base = new URL(baseUrl);
  if (requestUrl.host === base.host) return null;
  const path = `${requestUrl.pathname}${requestUrl.search}`;
  const suffix = `.${base.hostname}`;
  const slug = requestUrl.hostname.endsWith(suffix) ? requestUrl.hostname.slice(0, -suffix.length) : null;
  if (slug && !slug.includes(".") && /^[a-z0-9-]+$/i.test(slug) && !signedIn && !requestUrl.pathname.startsWith("/login")) {
    const login = new URL(`/login/${slug.toLowerCase()}`, base);
    if (requestUrl.pathname !== "/") login.searchParams.set("redirect", path);
    return login;
  }
  return new URL(path, base);
}
