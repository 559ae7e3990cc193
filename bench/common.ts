import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** What the benches share: the repository root, their settings, CPU accounting and docs/benchmarks.md. */
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
