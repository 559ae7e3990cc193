import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serverNodeOptions } from "../scripts/server-options.mjs";

/** What the benches share: the repository root, their settings, CPU accounting, the app server they start and docs/benchmarks.md. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const BENCHMARKS_DOC = path.join(ROOT, "docs", "benchmarks.md");

/** A positive number from the environment, else `fallback`. */
export const numberEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number.`);
  return value;
};

/** CPU seconds (user + system) and process group of each live process, from Linux's /proc; empty elsewhere. */
export function processCpu(): Map<number, { pgrp: number; seconds: number }> {
  const cpu = new Map<number, { pgrp: number; seconds: number }>();
  if (!existsSync("/proc/self/stat")) return cpu;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after "(comm) ": state, ppid, pgrp, ..., utime (14th field), stime (15th), in clock ticks (100/s).
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      cpu.set(Number(entry), { pgrp: Number(fields[2]), seconds: (Number(fields[11]) + Number(fields[12])) / 100 });
    } catch {
      // The process ended meanwhile.
    }
  }
  return cpu;
}

/**
 * Writes a bench's results between its markers `<!-- bench:<name>:start -->` and `…:end -->` of
 * docs/benchmarks.md, adding the section under `heading` at the end when it has none yet.
 */
export function writeBenchResults(name: string, heading: string, results: string, template = ""): void {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  let doc = existsSync(BENCHMARKS_DOC) ? readFileSync(BENCHMARKS_DOC, "utf8") : template;
  if (!doc.includes(start) || !doc.includes(end)) doc = `${doc.trimEnd()}\n\n## ${heading}\n\n${start}\n${end}\n`;
  writeFileSync(BENCHMARKS_DOC, `${doc.slice(0, doc.indexOf(start) + start.length)}\n${results}\n${doc.slice(doc.indexOf(end))}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A `next start` of the production build in its own process group, with its last output kept. */
export type Server = { child: ChildProcess; output: () => string; exited: Promise<void> };

/** Whether nothing listens on the local port yet. */
export const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });

/**
 * Starts `next start` of `appDir` on 127.0.0.1:`port` in production mode with a fresh auth secret
 * and the app's address on `port`; `env` adds or overrides (undefined removes).
 */
export function startNextServer(appDir: string, port: number, env: Record<string, string | undefined>): Server {
  const nextBin = path.join(appDir, "node_modules", "next", "dist", "bin", "next");
  const child = spawn(process.execPath, [nextBin, "start", "--port", String(port), "--hostname", "127.0.0.1"], {
    cwd: appDir,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      NODE_OPTIONS: serverNodeOptions(),
      NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
      // Files of its own: the shared ./storage holds the sealing certificate made under another secret.
      STORAGE_DIR: mkdtempSync(path.join(os.tmpdir(), "covenant-bench-storage-")),
      // Next's proxy sees the request's host as localhost (the server listens on 127.0.0.1): with
      // 127.0.0.1 here the workspace sub-domain guard would send every screen to itself.
      NEXTAUTH_URL: `http://localhost:${port}`,
      APP_URL: `http://localhost:${port}`,
      PORT: String(port),
      NEXT_TELEMETRY_DISABLED: "1",
      ...env,
    },
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  return { child, output: () => output, exited: new Promise<void>((resolve) => child.once("exit", () => resolve())) };
}

/** Stops a server's whole process group: SIGTERM, then SIGKILL after 10 s. */
export async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null || !server.child.pid) return;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-server.child.pid!, name);
    } catch {
      // Already gone.
    }
  };
  signal("SIGTERM");
  if (!(await Promise.race([server.exited.then(() => true), sleep(10_000).then(() => false)]))) {
    signal("SIGKILL");
    await server.exited;
  }
}

/** The machine a result was measured on, as the last lines of a bench's results. */
export function machineLines(pgVersion: string, load: "before the run" | "at the end"): string[] {
  const cpus = os.cpus();
  return [
    `- Node: ${process.version}; CPUs: ${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown"}; PostgreSQL: ${pgVersion} (same machine)`,
    `- Load average ${load}: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" / ")} (1 / 5 / 15 min)`,
  ];
}
