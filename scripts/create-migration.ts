/**
 * Writes prisma/migrations/<timestamp>_<name>/migration.sql with the SQL that takes the current
 * migration history to prisma/schema, computed against a throw-away in-memory database
 * (what `prisma migrate dev --create-only` does with a shadow database).
 */
import { mkdirSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { diffSchemaAgainstMigrations, MIGRATIONS_DIR } from "@/lib/database/schema-engine";

const name = (process.argv[2] ?? "change").replace(/[^a-z0-9_]+/gi, "_").toLowerCase();
const shadow = new PGlite("memory://");
const sql = await diffSchemaAgainstMigrations(new PrismaPGlite(shadow));
await shadow.close();
if (!sql) {
  console.log("The schema matches the migrations: nothing to create.");
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
const dir = path.join(MIGRATIONS_DIR, `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, "migration.sql"), sql);
const lock = path.join(MIGRATIONS_DIR, "migration_lock.toml");
if (!existsSync(lock)) writeFileSync(lock, 'provider = "postgresql"\n');
console.log(`Created ${path.relative(process.cwd(), dir)}/migration.sql`);
