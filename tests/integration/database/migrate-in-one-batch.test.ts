import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { afterAll, describe, expect, it } from "vitest";
import { migrateEmbeddedInOneBatch } from "@/lib/database/migrate-in-one-batch";
import { applyMigrations, readMigrationList } from "@/lib/database/schema-engine";

/**
 * A fresh embedded database migrated in one batch (the cold start's path) has exactly the schema
 * and the migration history the schema engine gives, and the engine then has nothing left to do.
 */
const databases: PGlite[] = [];
const fresh = () => {
  const db = new PGlite();
  databases.push(db);
  return db;
};
afterAll(async () => {
  await Promise.all(databases.map((db) => db.close()));
});

/** Tables, columns, constraints, indexes, enums and the migration history, in a stable order. */
async function schemaOf(db: PGlite) {
  const rows = async (sql: string) => (await db.query(sql)).rows;
  return {
    columns: await rows(`SELECT table_name, column_name, data_type, udt_name, character_maximum_length, numeric_precision, numeric_scale,
                                is_nullable, column_default
                         FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, column_name`),
    constraints: await rows(`SELECT conrelid::regclass::text AS "table", conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
                             WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`),
    indexes: await rows(`SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1, 2`),
    enums: await rows(`SELECT t.typname, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels FROM pg_type t
                       JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname ORDER BY 1`),
    functions: await rows(
      `SELECT proname, pg_get_functiondef(oid) AS def FROM pg_proc WHERE pronamespace = 'public'::regnamespace ORDER BY 1`,
    ),
    triggers: await rows(`SELECT tgname, pg_get_triggerdef(oid) AS def FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1`),
    history: await rows(`SELECT migration_name, checksum, logs, applied_steps_count, finished_at IS NOT NULL AS finished, rolled_back_at
                         FROM "_prisma_migrations" ORDER BY migration_name`),
  };
}

describe("migrating a fresh embedded database in one batch", () => {
  it("gives the schema and the history the schema engine gives, and leaves the engine nothing to apply", async () => {
    const names = (await readMigrationList()).migrationDirectories.map((m) => m.path);
    const byEngine = fresh();
    expect(await applyMigrations(new PrismaPGlite(byEngine))).toEqual(names);
    const inOneBatch = fresh();
    expect(await migrateEmbeddedInOneBatch(inOneBatch)).toEqual(names);
    const expected = await schemaOf(byEngine);
    expect(expected.columns.length).toBeGreaterThan(100);
    expect(await schemaOf(inOneBatch)).toEqual(expected);
    // Up to date: nothing to do, by either path.
    expect(await migrateEmbeddedInOneBatch(inOneBatch)).toEqual([]);
    expect(await applyMigrations(new PrismaPGlite(inOneBatch))).toEqual([]);
    expect(await migrateEmbeddedInOneBatch(byEngine)).toEqual([]);
  }, 120_000);

  it("leaves a database with some migrations missing, or tables of its own, to the engine", async () => {
    const partly = fresh();
    await migrateEmbeddedInOneBatch(partly);
    const last = (await readMigrationList()).migrationDirectories.at(-1)!.path;
    await partly.query(`DELETE FROM "_prisma_migrations" WHERE migration_name = $1`, [last]);
    expect(await migrateEmbeddedInOneBatch(partly)).toBeNull();
    const other = fresh();
    await other.exec(`CREATE TABLE "Something" (id int)`);
    expect(await migrateEmbeddedInOneBatch(other)).toBeNull();
    expect((await other.query(`SELECT to_regclass('public._prisma_migrations') AS t`)).rows).toEqual([{ t: null }]);
  }, 120_000);
});
