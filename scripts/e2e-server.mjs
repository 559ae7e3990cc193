#!/usr/bin/env node
/**
 * The server the end-to-end tests run against (playwright.config.ts starts it as its webServer).
 *
 * - Serves the existing production build (`.next`, made by `npm run build`) with the app's server
 *   (scripts/server.mjs: `next start` plus GraphQL over WebSocket) on
 *   port 3100 (or E2E_PORT). It never builds.
 * - Without DATABASE_URL: a fresh embedded database (PGlite) in a folder under the OS temp dir,
 *   deleted and created again for every run.
 * - With DATABASE_URL: a fresh database `covenant_e2e_<port>_<timestamp>` created on that server; the
 *   app migrates and seeds it at start. It is dropped again when the server stops.
 * - Emails go to the outbox (/dev/outbox), where the tests read their links; the server listens on
 *   127.0.0.1 only, so the outbox answers them.
 *
 * SIGTERM / SIGINT stop the Next server, then clean up.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serverNodeOptions } from "./server-options.mjs";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const APP_URL = `http://localhost:${PORT}`;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const log = (message) => console.log(`[e2e-server] ${message}`);

if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.error("[e2e-server] No production build in .next: run `npm run build` first.");
  process.exit(1);
}

const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: String(PORT),
  APP_URL,
  NEXTAUTH_URL: APP_URL,
  NODE_OPTIONS: serverNodeOptions(),
  // A secret of this run's own: a production server refuses one written in the code.
  NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? randomBytes(32).toString("base64url"),
  ENABLE_DEV_OUTBOX: "true",
  // The outbox answers callers on this machine: the server listens on loopback only.
  COVENANT_LISTEN_HOST: "127.0.0.1",
  NEXT_TELEMETRY_DISABLED: "1",
};
// Emails must land in the outbox, and the demo workspace must be seeded and migrated.
for (const name of ["SMTP_URL", "SEED_DEMO", "AUTO_MIGRATE", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"]) delete env[name];

// Files of this run's own: a sealing certificate kept in a shared ./storage was made under another
// run's secret (each run has its own), and would be set aside and made again every time.
const storageDir = process.env.STORAGE_DIR ? null : path.join(os.tmpdir(), `covenant-e2e-storage-${PORT}`);
if (storageDir) {
  rmSync(storageDir, { recursive: true, force: true });
  env.STORAGE_DIR = storageDir;
}

/** What to undo when the server stops. */
let cleanup = async () => {};

if (process.env.DATABASE_URL) {
  const { default: postgres } = await import("postgres");
  const base = new URL(process.env.DATABASE_URL);
  // The port in the name: a second server of the same run (tests/e2e/resilience) has a database of its own.
  const name = `covenant_e2e_${PORT}_${Date.now()}`;
  const admin = postgres(base.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  // Dropped after the run: commits need not wait for the disk (docs/benchmarks.md, "CI time").
  await admin.unsafe(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  delete env.PGLITE_DIR;
  log(`database ${name} created on ${base.host}`);
  cleanup = async () => {
    try {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      log(`database ${name} dropped`);
    } catch (error) {
      console.error(`[e2e-server] could not drop ${name}: ${error.message}`);
    }
    await admin.end({ timeout: 5 }).catch(() => {});
  };
} else {
  const dir = path.join(os.tmpdir(), `covenant-e2e-pglite-${PORT}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  env.PGLITE_DIR = dir;
  log(`embedded database in ${dir}`);
  cleanup = async () => {
    rmSync(dir, { recursive: true, force: true });
  };
}

// Idle kept-alive connections stay open past any pause of a test: with Node's 5 s, a test that
// sent a request, spent seconds on screen, then reused the connection could meet the server
// closing it (ECONNRESET in client-messages.spec.ts once).
// The app's own entry (scripts/server.mjs: Next plus GraphQL over WebSocket), with `next start`'s flags.
const serverArgs = ["-p", String(PORT), "-H", "127.0.0.1", "--keepAliveTimeout", "65000"];
const child = spawn(process.execPath, [path.join(root, "scripts", "server.mjs"), ...serverArgs], {
  cwd: root,
  env,
  stdio: "inherit",
});

let stopping = false;
const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));

async function stop(signal) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping the server`);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
  await cleanup();
  if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  process.exit(0);
}

process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));

child.on("error", async (error) => {
  console.error(`[e2e-server] could not start next: ${error.message}`);
  await cleanup();
  if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  process.exit(1);
});

exited.then(async ({ code, signal }) => {
  if (stopping) return;
  log(`next exited (${signal ?? code})`);
  await cleanup();
  if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  process.exit(code ?? 1);
});
