import { createHash, randomUUID } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import { readMigrationList } from "./schema-engine";

/**
 * The `_prisma_migrations` table as Prisma's schema engine creates it on PostgreSQL, so that the
 * engine (scripts/migrate.ts, `prisma migrate deploy`) takes over a database migrated here.
 */
const MIGRATIONS_TABLE = `CREATE TABLE "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/** The engine's checksum of a migration: the SHA-256 of its file, in hex. */
export const migrationChecksum = (sql: string) => createHash("sha256").update(sql).digest("hex");

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * Brings the embedded database up to date without the schema engine when that is simple, and
 * says so; null when the engine must do it (some migrations applied and others not, a failed or
 * changed one). Two cases:
 * - a fresh database (no table in its public schema): every migration's SQL in one batch, in one
 *   transaction, with the `_prisma_migrations` rows the engine would write (same names and
 *   checksums, one step each). The engine applies them one transaction each, after loading its
 *   WebAssembly: on PGlite that was about 2 s of a 4 s cold start.
 * - a database with every migration applied (a restart): nothing to do, and the engine is not
 *   loaded.
 * tests/integration/database/migrate-in-one-batch.test.ts checks the schema equals the engine's.
 */
export async function migrateEmbeddedInOneBatch(pglite: PGlite): Promise<string[] | null> {
  const { migrationDirectories } = await readMigrationList();
  const migrations = migrationDirectories.map((m) => ({
    name: m.path,
    sql: m.migrationFile.content.tag === "ok" ? m.migrationFile.content.value : null,
  }));
  if (migrations.some((m) => m.sql === null)) return null;
  const {
    rows: [state],
  } = await pglite.query<{ tables: number; ledger: boolean }>(
    `SELECT (SELECT count(*)::int FROM pg_tables WHERE schemaname = 'public') AS tables,
            to_regclass('public._prisma_migrations') IS NOT NULL AS ledger`,
  );
  if (state!.ledger) {
    const { rows } = await pglite.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Map(rows.map((r) => [r.migration_name, r.checksum]));
    const upToDate = applied.size === migrations.length && migrations.every((m) => applied.get(m.name) === migrationChecksum(m.sql!));
    return upToDate ? [] : null;
  }
  if (state!.tables > 0) return null;
  const ledger = migrations
    .map(
      (m) =>
        `INSERT INTO "_prisma_migrations" ("id", "checksum", "finished_at", "migration_name", "applied_steps_count") ` +
        `VALUES (${quote(randomUUID())}, ${quote(migrationChecksum(m.sql!))}, now(), ${quote(m.name)}, 1);`,
    )
    .join("\n");
  await pglite.transaction(async (tx) => {
    await tx.exec(`${MIGRATIONS_TABLE};\n${migrations.map((m) => m.sql).join(";\n")};\n${ledger}`);
  });
  return migrations.map((m) => m.name);
}
