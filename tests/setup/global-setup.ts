import postgres from "postgres";

/**
 * With DATABASE_URL set, the suite runs on that PostgreSQL server, in a fresh database made
 * here (and dropped after); without it, each worker uses an in-memory embedded database.
 */
export default async function setup() {
  const base = process.env.DATABASE_URL;
  if (!base) {
    process.env.PGLITE_DIR = "memory://";
    return;
  }
  const name = `covenant_test_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  // A throwaway database: commits need not wait for the disk (about 13 ms each on the CI machine's
  // disk; docs/benchmarks.md, "CI time"). What a query reads and writes is the same.
  await admin.unsafe(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  const { applyMigrations } = await import("../../lib/database/schema-engine");
  const { PrismaPg } = await import("@prisma/adapter-pg");
  // One connection: the schema engine takes its advisory lock and gives it back on the same one
  // (lib/db.ts withMigrationAdapter), so no idle connection keeps it from the tests.
  await applyMigrations(new PrismaPg({ connectionString: url.toString(), max: 1 }));
  return async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  };
}
