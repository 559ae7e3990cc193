import { safeRedirect } from "./safe-redirect";

/**
 * The request header proxy.ts sets to the page's real path and query. Server components get no
 * URL, and the login guard must send a stale session back to exactly where the user was
 * (spec "Guards"). proxy.ts overwrites whatever a client sent under this name.
 */
export const PAGE_PATH_HEADER = "x-page-path";

/** Next's own query parameters (the RSC cache buster) are not part of the address to return to. */
const INTERNAL_PARAMS = ["_rsc"];

/**
 * The path and query to come back to: the header's value when it is a plain path of this app,
 * else `fallback` (the page's own path, when the header is missing).
 */
export function pagePathFrom(header: string | null | undefined, fallback: string): string {
  const safe = safeRedirect(header, "http://app.invalid", { allowSubdomains: false });
  if (!safe) return fallback;
  const url = new URL(safe, "http://app.invalid");
  for (const name of INTERNAL_PARAMS) url.searchParams.delete(name);
  return `${url.pathname}${url.search}`;
}
