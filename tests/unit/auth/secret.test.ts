import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authSecret, keptSecretPath, readOrMakeKeptSecret, secretProblem } from "@/lib/auth/secret";

const state = globalThis as unknown as { __covenantSecret?: string };

afterEach(() => {
  vi.unstubAllEnvs();
  state.__covenantSecret = undefined;
});

/** Every quoted value given to NEXTAUTH_SECRET or AUTH_SECRET anywhere in the repository's files. */
function secretsWrittenInTheRepository(): string[] {
  const files = execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" })
    .split("\0")
    .filter((file) => /\.(m?[jt]sx?|ya?ml|json|md|sh)$|^Dockerfile$|^\.ci\//.test(file));
  const found = new Set<string>();
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    // `NEXTAUTH_SECRET: "…"`, `= "…"`, `??= "…"`, `: process.env.NEXTAUTH_SECRET ?? "…"`.
    const assigned = /(?:NEXTAUTH|AUTH)_SECRET\s*(?::|=|\?\?=)\s*(?:process\.env\.\w+\s*\?\?\s*)?["'`]([^"'`$\n]{8,})["'`]/g;
    for (const match of text.matchAll(assigned)) found.add(match[1]!);
    for (const match of text.matchAll(/NEXTAUTH_SECRET:-([^}]+)}/g)) found.add(match[1]!);
  }
  return [...found];
}

describe("the app secret", () => {
  it("refuses in production every secret written in this repository, and short ones", () => {
    const written = secretsWrittenInTheRepository();
    // The tests' own are among them: the scan reads what it must.
    expect(written).toEqual(expect.arrayContaining(["session-jwt-test-secret-session-jwt-test-secret"]));
    // And those written in it before: the demo's, the development fallback's, the test suite's.
    const before = [
      "local-demo-secret-change-me-in-production-0001",
      "development-secret-change-me-development-secret",
      "test-secret-test-secret-test-secret-1234",
    ];
    for (const secret of [...written, ...before]) expect(secretProblem(secret), secret).toMatch(/public code|at least 32/);
    expect(secretProblem("short-but-random-1")).toMatch(/at least 32 characters/);
    expect(secretProblem("Vq3x1k9Pz0aLrT7mWc5sYb2eHn8uJd4fG6iK")).toBeNull();
  });

  it("does not let a production server run with a public secret", () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("NEXTAUTH_SECRET", "local-demo-secret-change-me-in-production-0001");
    expect(() => authSecret()).toThrow(/public code/);
  });

  it("needs one set in production on a database server", () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("NEXTAUTH_SECRET", undefined);
    vi.stubEnv("AUTH_SECRET", undefined);
    vi.stubEnv("DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres");
    expect(() => authSecret()).toThrow(/must be set in production with a database server/);
  });

  it("makes one at the first start on the embedded database, keeps it beside the database (mode 0600) and reuses it", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "covenant-secret-"));
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("NEXTAUTH_SECRET", undefined);
    vi.stubEnv("AUTH_SECRET", undefined);
    vi.stubEnv("DATABASE_URL", undefined);
    vi.stubEnv("PGLITE_DIR", path.join(dir, "pglite"));
    expect(keptSecretPath()).toBe(path.join(dir, "secret"));
    const first = authSecret();
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(secretProblem(first)).toBeNull();
    expect(statSync(path.join(dir, "secret")).mode & 0o777).toBe(0o600);
    // A restart (a new process) reads the same one.
    state.__covenantSecret = undefined;
    expect(authSecret()).toBe(first);
    expect(readOrMakeKeptSecret(path.join(dir, "secret"))).toBe(first);
    // Another data folder, another secret.
    expect(readOrMakeKeptSecret(path.join(dir, "other", "secret"))).not.toBe(first);
  });

  it("keeps the default one in ./data", () => {
    vi.stubEnv("PGLITE_DIR", undefined);
    expect(keptSecretPath()).toBe(path.join(process.cwd(), "data", "secret"));
    vi.stubEnv("PGLITE_DIR", "memory://");
    expect(keptSecretPath()).toBe(path.join(process.cwd(), "data", "secret"));
  });
});
