import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The secret that signs sessions, CSRF tokens, link tokens and link codes (kept apart so the proxy
 * can use it cheaply). No secret of this app is a constant of its code:
 * - `NEXTAUTH_SECRET` (or `AUTH_SECRET`) when set; a production server refuses one that anyone who
 *   has read this repository knows, or one shorter than 32 characters (`secretProblem`).
 * - Otherwise, on the embedded database (its data is in one folder that one process opens), or on a
 *   development server: a random secret made at the first start and kept beside the database
 *   (`data/secret`, mode 0600), then read at every start.
 * - A production server on a PostgreSQL server needs it set: its processes may run on several
 *   machines and must agree on one secret.
 */
export const MIN_SECRET_LENGTH = 32;

/** Secrets that have been written in this repository: public, so never a production secret. */
const PUBLIC_SECRETS = new Set([
  "local-demo-secret-change-me-in-production-0001",
  "development-secret-change-me-development-secret",
  "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
  "bench-bundles-secret-bench-bundles-secret-0001",
  "test-secret-test-secret-test-secret-1234",
  "session-jwt-test-secret-session-jwt-test-secret",
  "another-secret-another-secret-another-secret-0",
  "INSECURE-placeholder-set-NEXTAUTH_SECRET-to-32-random-chars",
]);

const production = () => process.env.NODE_ENV === "production";
const building = () => process.env.NEXT_PHASE === "phase-production-build";

/** Why a production server must not run with this secret, or null when it may. */
export function secretProblem(secret: string): string | null {
  if (PUBLIC_SECRETS.has(secret.trim()))
    return "NEXTAUTH_SECRET is a value written in this project's public code: anyone could sign sessions and links with it. Set a random one (openssl rand -base64 32).";
  if (secret.length < MIN_SECRET_LENGTH)
    return `NEXTAUTH_SECRET must be at least ${MIN_SECRET_LENGTH} characters long (openssl rand -base64 32).`;
  return null;
}

/** Where the secret made at the first start is kept: beside the embedded database's folder. */
export function keptSecretPath(): string {
  const database = process.env.PGLITE_DIR;
  const dataDir =
    database && !database.startsWith("memory://")
      ? path.dirname(path.resolve(/*turbopackIgnore: true*/ database))
      : path.join(/*turbopackIgnore: true*/ process.cwd(), "data");
  return path.join(dataDir, "secret");
}

/** Reads the kept secret, making it first when there is none (a second process starting at once reads the first one's). */
export function readOrMakeKeptSecret(file = keptSecretPath()): string {
  try {
    return readFileSync(/*turbopackIgnore: true*/ file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(/*turbopackIgnore: true*/ path.dirname(file), { recursive: true });
  try {
    writeFileSync(/*turbopackIgnore: true*/ file, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readFileSync(/*turbopackIgnore: true*/ file, "utf8").trim();
}

const state = globalThis as unknown as { __covenantSecret?: string };

/** A throw-away secret while `next build` runs: nothing signed then outlives the build. */
const buildSecret = () => (state.__covenantSecret ??= randomBytes(32).toString("base64url"));

export function authSecret(): string {
  const given = process.env.NEXTAUTH_SECRET ?? process.env.AUTH_SECRET;
  if (building()) return given ?? buildSecret();
  if (given) {
    const problem = production() ? secretProblem(given) : null;
    if (problem) throw new Error(problem);
    return given;
  }
  if (production() && process.env.DATABASE_URL)
    throw new Error(
      "NEXTAUTH_SECRET must be set in production with a database server (openssl rand -base64 32), the same in every process.",
    );
  state.__covenantSecret ??= readOrMakeKeptSecret();
  return state.__covenantSecret;
}

/** At the server's start: a production server with a public or missing secret stops here, saying why. */
export function refuseToStartWithoutSecret(): void {
  try {
    authSecret();
  } catch (error) {
    console.error(`Not started: ${(error as Error).message}`);
    process.exit(1);
  }
}
