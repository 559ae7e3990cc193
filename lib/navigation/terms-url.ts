/**
 * The address of the app's terms of service, which the operator publishes (`TERMS_URL`, an
 * http or https address), or null when none is set or it is not such an address: a screen then
 * shows no link rather than a dead one. Server-only in effect (read at request time, never inlined).
 */
export function termsUrl(): string | null {
  const raw = process.env.TERMS_URL?.trim();
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}
