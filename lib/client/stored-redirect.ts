import { safeRedirect } from "@/lib/navigation/safe-redirect";

/** Where the login guard keeps the address to return to (spec "Guards": local storage). */
export const REDIRECT_KEY = "redirect";

export function storeRedirect(path: string | null): void {
  if (path) localStorage.setItem(REDIRECT_KEY, path);
}

/**
 * Follows and forgets the stored redirect (a full navigation, so absolute addresses work too). It
 * came from `?redirect=`, which anyone can write in a link: only addresses back into the app or a
 * workspace sub-domain are followed (lib/navigation/safe-redirect.ts), anything else goes to `fallback`.
 */
export function followStoredRedirect(fallback = "/"): void {
  const target = localStorage.getItem(REDIRECT_KEY);
  localStorage.removeItem(REDIRECT_KEY);
  window.location.assign(safeRedirect(target, window.location.origin) ?? fallback);
}
