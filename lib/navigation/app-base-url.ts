/**
 * The app's public origin: `APP_URL` (else `NEXTAUTH_URL`, else http://localhost:3000), the base
 * every redirect we accept is checked against and the start of the addresses we give to identity
 * providers. Server side only: the browser uses its own origin (the sub-domain guard keeps it on
 * the base).
 */
export function appBaseUrl(): string {
  const raw = process.env.APP_URL ?? process.env.NEXTAUTH_URL ?? "http://localhost:3000";
  return new URL(raw).origin;
}
