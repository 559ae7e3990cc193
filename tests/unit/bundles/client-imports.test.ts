import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveLocal, ROOT } from "../source-imports";

/**
 * Server-only validation stays out of the browser (issue 15): no module a client component
 * loads, directly or through other modules of ours, imports zod or the database. Type-only
 * imports are erased at build time and are not followed. The build itself is checked by
 * tests/e2e/performance/first-load.spec.ts; this finds the import that brings zod back,
 * without a build.
 */
const FORBIDDEN = ["zod", "@/lib/db", "@prisma/client", "server-only"];
/**
 * The table of every operation's route keyed by name (the server's): a screen imports the handles
 * of the operations it calls from lib/operations/routes/<domain>.ts instead, so that each page
 * carries only its domains' routes (issue 15).
 */
const WHOLE_ROUTE_TABLE = "@/lib/operations/route-table";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === "generated" || name === "node_modules" ? [] : sourceFiles(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

/** The specifiers of value imports and re-exports (not `import type` / `export type`). */
function valueImports(source: string): string[] {
  const specifiers: string[] = [];
  for (const match of source.matchAll(/^\s*(import|export)\s+(type\s+)?([^;]*?)\s+from\s+["']([^"']+)["']/gms)) {
    if (match[2]) continue;
    // `import { type A, type B } from` only names types too.
    const names = /^\{([^}]*)\}$/.exec(match[3].trim())?.[1];
    if (names && names.split(",").every((name) => !name.trim() || name.trim().startsWith("type "))) continue;
    specifiers.push(match[4]);
  }
  for (const match of source.matchAll(/^\s*import\s+["']([^"']+)["']/gm)) specifiers.push(match[1]);
  for (const match of source.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)) specifiers.push(match[1]);
  return specifiers;
}

describe("client components' imports", () => {
  const clientFiles = ["app", "components", "lib"]
    .flatMap((dir) => sourceFiles(path.join(ROOT, dir)))
    .filter((file) => /^\s*["']use client["']/.test(readFileSync(file, "utf8")));

  it("finds the client components", () => {
    expect(clientFiles.length).toBeGreaterThan(20);
  });

  it("reach neither zod, the database nor the whole route table", () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    const visit = (file: string, chain: string[]) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const specifier of valueImports(readFileSync(file, "utf8"))) {
        const here = [...chain, path.relative(ROOT, file)];
        if (FORBIDDEN.some((name) => specifier === name || specifier.startsWith(`${name}/`)) || specifier === WHOLE_ROUTE_TABLE)
          problems.push(`${here.join(" → ")} → ${specifier}`);
        const next = resolveLocal(file, specifier);
        if (next) visit(next, here);
      }
    };
    for (const file of clientFiles) visit(file, []);
    expect(problems).toEqual([]);
  });
});
