import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

/**
 * A new embedded database starts from a copy of an empty one already migrated (a "template"),
 * not from PostgreSQL's initdb and the migrations: creating the cluster was most of the cold
 * start (about 4.5 s of CPU of about 7.5 on a busy 2-core machine; loading the copy takes about
 * 1.2, docs/benchmarks.md "Embedded cold start"). The template is kept with the build, in
 * .next/cache/covenant/, named after the PGlite version and the migrations it holds, so a new
 * migration or another PGlite never starts from a stale one. The first fresh start of a build
 * writes it (prepareDatabase, before the demo data); `npm run start:demo` and the benches write
 * it right after building (scripts/database-template.ts).
 */
export function databaseTemplatePath(root = process.cwd()): string {
  const hash = createHash("sha256").update(pgliteVersion(root));
  const migrations = path.join(root, "prisma", "migrations");
  for (const name of existsSync(migrations) ? readdirSync(migrations).sort() : []) {
    const file = path.join(migrations, name, "migration.sql");
    if (existsSync(file)) hash.update(name).update(readFileSync(file));
  }
  return path.join(root, ".next", "cache", "covenant", `pglite-${hash.digest("hex").slice(0, 16)}.tar.gz`);
}

function pgliteVersion(root: string): string {
  try {
    return (
      JSON.parse(readFileSync(path.join(root, "node_modules", "@electric-sql", "pglite", "package.json"), "utf8")) as { version: string }
    ).version;
  } catch {
    return "unknown";
  }
}

/** The template to start the embedded database in `dir` from: only for a folder with no database yet. */
export function templateForNewDatabase(dir: string, template = databaseTemplatePath()): Blob | undefined {
  if (dir.startsWith("memory://") || existsSync(path.join(dir, "PG_VERSION"))) return undefined;
  return existsSync(template) ? new Blob([readFileSync(template)]) : undefined;
}

/** Keeps a copy of `pglite`, just migrated and still empty, as this build's template (written whole, then renamed). */
export async function saveDatabaseTemplate(pglite: PGlite, template = databaseTemplatePath()): Promise<string | null> {
  if (existsSync(template)) return null;
  const bytes = Buffer.from(await (await pglite.dumpDataDir("gzip")).arrayBuffer());
  mkdirSync(path.dirname(template), { recursive: true });
  const partial = `${template}.${process.pid}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, template);
  return template;
}
