/** The share link visit's tokens, kept in this tab's sessionStorage. */

export type Tokens = { accessToken: string; refreshToken: string };

const storageKey = (linkId: string) => `share-link:${linkId}`;

/** Tokens live in sessionStorage (this tab only), never in a cookie. */
export function readTokens(linkId: string): Tokens | null {
  try {
    const raw = sessionStorage.getItem(storageKey(linkId));
    const parsed = raw ? (JSON.parse(raw) as Tokens) : null;
    return parsed?.accessToken && parsed.refreshToken ? parsed : null;
  } catch {
    return null;
  }
}

export function writeTokens(linkId: string, tokens: Tokens | null) {
  try {
    if (tokens)
      sessionStorage.setItem(storageKey(linkId), JSON.stringify({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }));
    else sessionStorage.removeItem(storageKey(linkId));
  } catch {
    // Private browsing without storage: the tokens stay in memory.
  }
}
