/**
 * SECURITY-CRITICAL. The one check for every "go there next" address we accept from outside
 * (`?redirect=`, the stored redirect, a magic link's redirect). A change here comes with a case in
 * tests/unit/navigation/safe-redirect.test.ts showing that off-site addresses are still refused.
 *
 * Browsers and servers read addresses leniently: `/\evil.example` and `/<TAB>/evil.example` both
 * become `//evil.example` (another site), and a value that is decoded once more later
 * (`/%5Cevil.example`) can turn into one. So the value is resolved the way a browser would, against
 * the app's base address, and kept only when it lands on that origin, or on one of its workspace
 * sub-domains (the sub-domain guard of proxy.ts serves those and sends them back to the base).
 */

/** Longer addresses are refused (they are never ours, and they bloat cookies and storage). */
const MAX_LENGTH = 2000;
/** Backslashes and C0 control characters (tab, newline…) and DEL, which URL parsers drop or rewrite. */
const UNSAFE_CHARACTERS = /[\\\u0000-\u001F\u007F]/;
/** A workspace sub-domain is one label, as the sub-domain guard reads it. */
const SUBDOMAIN_LABEL = /^[a-z0-9-]+$/i;

/** The value, then the value decoded once, twice…: what a later decoding step could make of it. */
function decodedForms(value: string): string[] {
  const forms = [value];
  let current = value;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      break;
    }
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms;
}

function isWorkspaceSubdomain(url: URL, base: URL): boolean {
  if (url.protocol !== base.protocol || url.port !== base.port || url.username || url.password) return false;
  const suffix = `.${base.hostname}`;
  if (!url.hostname.endsWith(suffix)) return false;
  return SUBDOMAIN_LABEL.test(url.hostname.slice(0, -suffix.length));
}

/**
 * Returns where to send the browser for `value`, or null when it must not go there:
 * - a path on the base origin (`/docs?view=all#top`) for a same-origin path or absolute address;
 * - the absolute address for a workspace sub-domain of the base (`https://acme.app.example.com/docs`)
 *   unless `allowSubdomains` is false;
 * - null for anything else: another host, `//host`, `javascript:` and other schemes, backslashes,
 *   control characters (raw or percent-encoded), relative paths without a leading `/`.
 * `base` is the app's base address (`APP_URL` on the server, `window.location.origin` in the browser).
 */
export function safeRedirect(
  value: string | null | undefined,
  base: string | URL,
  options: { allowSubdomains?: boolean } = {},
): string | null {
  if (typeof value !== "string" || !value || value.length > MAX_LENGTH) return null;
  if (UNSAFE_CHARACTERS.test(value)) return null;
  if (!value.startsWith("/") && !/^https?:\/\//i.test(value)) return null;

  let baseUrl: URL;
  let url: URL;
  try {
    baseUrl = new URL(base);
    url = new URL(value, baseUrl.origin);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;

  // What the path could become if something decodes it again must still be a plain path here.
  for (const form of decodedForms(url.pathname)) {
    if (UNSAFE_CHARACTERS.test(form) || form.startsWith("//")) return null;
  }

  if (url.origin === baseUrl.origin) {
    if (url.username || url.password) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  }
  if (options.allowSubdomains !== false && isWorkspaceSubdomain(url, baseUrl)) return url.href;
  return null;
}
