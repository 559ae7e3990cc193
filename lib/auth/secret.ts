/** The secret that signs sessions and CSRF tokens (kept apart so the proxy can use it cheaply). */
export function authSecret(): string {
  const secret = process.env.NEXTAUTH_SECRET ?? process.env.AUTH_SECRET;
  if (secret) return secret;
  if (process.env.NODE_ENV === "production" && process.env.NEXT_PHASE !== "phase-production-build") {
    throw new Error("NEXTAUTH_SECRET must be set in production.");
  }
  return "development-secret-change-me-development-secret";
}
