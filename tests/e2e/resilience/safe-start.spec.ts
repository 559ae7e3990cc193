import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

/**
 * A production server as the quick start runs it (embedded database, no NEXTAUTH_SECRET): it makes
 * its secret at the first start, keeps it beside the database (mode 0600) and reads the same one
 * at the next; it refuses to start with a secret written in this repository; and its development
 * outbox answers nobody unless it listens on loopback alone (issue 37, items 1 and 2).
 */
const PORT = 3108;
const ORIGIN = `http://localhost:${PORT}`;

function start(env: Record<string, string | undefined>, host = "127.0.0.1"): { server: ChildProcess; output: () => string } {
  const base = { ...process.env };
  for (const name of ["DATABASE_URL", "NEXTAUTH_SECRET", "AUTH_SECRET", "SMTP_URL", "COVENANT_LISTEN_HOST", "ENABLE_DEV_OUTBOX"])
    delete base[name];
  const server = spawn(
    process.execPath,
    [path.join("node_modules", "next", "dist", "bin", "next"), "start", "-p", String(PORT), "-H", host],
    {
      env: { ...base, NODE_ENV: "production", DISABLE_JOBS: "1", APP_URL: ORIGIN, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { server, output: () => output };
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  server.kill("SIGTERM");
  await once(server, "exit");
}

test("the quick start's server makes its own secret, keeps it, refuses a public one, and keeps the outbox to this machine", async () => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "covenant-safe-start-"));
  const pglite = path.join(dir, "pglite");
  const storage = path.join(dir, "storage");
  try {
    // A secret from this repository's code: the server does not start, and says why.
    const refused = start({ PGLITE_DIR: pglite, STORAGE_DIR: storage, NEXTAUTH_SECRET: "local-demo-secret-change-me-in-production-0001" });
    const [code] = (await once(refused.server, "exit")) as [number | null];
    expect(code).toBe(1);
    expect(refused.output()).toContain("written in this project's public code");

    // None given: one is made at the first start, kept beside the database, mode 0600.
    // On every interface (IPv6 and IPv4: "localhost" may be either).
    const first = start({ PGLITE_DIR: pglite, STORAGE_DIR: storage, ENABLE_DEV_OUTBOX: "true" }, "::");
    try {
      await expect(async () => expect((await fetch(`${ORIGIN}/login`)).status, first.output()).toBe(200)).toPass({ timeout: 120_000 });
      const kept = path.join(dir, "secret");
      expect(statSync(kept).mode & 0o777).toBe(0o600);
      const secret = readFileSync(kept, "utf8").trim();
      expect(secret).toMatch(/^[\w-]{43}$/);
      // Listening on every interface, with no proxy of ours to name the caller: the outbox answers nobody.
      expect((await fetch(`${ORIGIN}/dev/outbox`)).status).toBe(404);
      await stop(first.server);

      // The next start reads the same secret; listening on loopback alone, the outbox answers.
      const second = start({ PGLITE_DIR: pglite, STORAGE_DIR: storage, ENABLE_DEV_OUTBOX: "true", COVENANT_LISTEN_HOST: "127.0.0.1" });
      try {
        await expect(async () => expect((await fetch(`${ORIGIN}/login`)).status).toBe(200)).toPass({ timeout: 120_000 });
        expect(readFileSync(kept, "utf8").trim()).toBe(secret);
        expect((await fetch(`${ORIGIN}/dev/outbox`)).status).toBe(200);
      } finally {
        await stop(second.server);
      }
    } finally {
      await stop(first.server);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
