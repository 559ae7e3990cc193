import { dbAdapterFactory, embeddedDatabase, withMigrationAdapter } from "@/lib/db";
import { migrateEmbeddedInOneBatch } from "./migrate-in-one-batch";
import { applyMigrations } from "./schema-engine";

/** Our advisory lock around migrating ("covm" in ASCII; the engine's own is 72707369; seeding takes "covs": lib/registry/prepare-database.ts). */
export const MIGRATION_LOCK = 0x636f766d;

/**
 * Applies pending migrations, one process at a time. Prisma's schema engine takes an advisory
 * lock of its own but waits only 10 s for it, then fails; and over the app's shared pool it could
 * leave that lock held by an idle connection. Two app processes started together on one
 * PostgreSQL database (two instances of one release) had the second fail its start. Here the
 * engine gets a connection of its own, and the second process waits on MIGRATION_LOCK as long as
 * the first migrates, then finds nothing left to apply (withMigrationAdapter). A fresh embedded
 * database is migrated in one batch.
 */
export async function migrateDatabase(): Promise<string[]> {
  const embedded = embeddedDatabase();
  if (embedded) return (await migrateEmbeddedInOneBatch(embedded)) || (await applyMigrations(dbAdapterFactory()));
  return withMigrationAdapter(MIGRATION_LOCK, applyMigrations);
}
