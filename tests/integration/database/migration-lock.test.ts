import pg from "pg";
import { describe, expect, it } from "vitest";
import { isEmbedded, withAdvisoryLock } from "@/lib/db";
import { MIGRATION_LOCK, migrateDatabase } from "@/lib/database/migrate-database";

/** The advisory lock Prisma's schema engine takes while it migrates (see its migrate-advisory-locking). */
const ENGINE_LOCK = 72707369;

/**
 * Two app processes started together on one PostgreSQL database: while one applies migrations
 * (holding MIGRATION_LOCK), the other waits for it, however long, rather than fail its start as
 * it did on the schema engine's own lock after 10 s. (The embedded database has one process.)
 */
describe.skipIf(isEmbedded())("migrating while another process migrates", () => {
  it("waits for the other process's lock, then finds nothing left to apply", async () => {
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
      const started = Date.now();
      let done = false;
      const migrating = migrateDatabase().finally(() => (done = true));
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(done).toBe(false);
      await other.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
      expect(await migrating).toEqual([]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
    } finally {
      await other.end();
    }
  });

  it("three at once all finish, and both locks are given back (ours and the schema engine's)", async () => {
    expect(await Promise.all([migrateDatabase(), migrateDatabase(), migrateDatabase()])).toEqual([[], [], []]);
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      for (const key of [MIGRATION_LOCK, ENGINE_LOCK]) {
        const { rows } = await other.query<{ free: boolean }>("SELECT pg_try_advisory_lock($1) AS free", [key]);
        expect(rows[0]!.free, `lock ${key}`).toBe(true);
        await other.query("SELECT pg_advisory_unlock($1)", [key]);
      }
    } finally {
      await other.end();
    }
  });

  it("a failure while holding a lock is passed on, and the lock given back", async () => {
    const key = 0x636f7674;
    await expect(
      withAdvisoryLock(key, async () => {
        throw new Error("the work failed");
      }),
    ).rejects.toThrow("the work failed");
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      const { rows } = await other.query<{ free: boolean }>("SELECT pg_try_advisory_lock($1) AS free", [key]);
      expect(rows[0]!.free).toBe(true);
    } finally {
      await other.end();
    }
  });
});
