import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export const bin = (name) => path.join(process.cwd(), "node_modules", ".bin", name);

export async function ensureGenerated() {
  if (existsSync(path.join("lib", "generated", "prisma", "client.ts"))) return;
  const code = await run(process.execPath, ["scripts/prisma-generate.mjs"]);
  if (code !== 0) process.exit(code);
}

const SOURCES = [
  "app",
  "components",
  "lib",
  "messages",
  "prisma",
  "public",
  "proxy.ts",
  "instrumentation.ts",
  "next.config.ts",
  "package-lock.json",
  "postcss.config.mjs",
];

function hashSources() {
  const hash = createHash("sha256");
  const walk = (entry) => {
    if (!existsSync(entry)) return;
    if (statSync(entry).isDirectory()) {
      for (const child of readdirSync(entry).sort()) walk(path.join(entry, child));
    } else {
      hash.update(entry).update(readFileSync(entry));
    }
  };
  SOURCES.forEach(walk);
  return hash.digest("hex");
}

/** Builds the production app unless .next already holds a build of exactly these sources. */
export async function ensureBuilt() {
  const stamp = path.join(".next", "source-hash");
  const current = hashSources();
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === current) {
    console.log("Production build is up to date.");
    return;
  }
  const code = await run(bin("next"), ["build"]);
  if (code !== 0) process.exit(code);
  writeFileSync(stamp, current);
  // The embedded database's template for this build (lib/database/template.ts): fresh starts skip initdb.
  await run(bin("tsx"), ["scripts/database-template.ts"]);
}
