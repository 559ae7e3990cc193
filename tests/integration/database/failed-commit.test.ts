import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";

/**
 * A transaction whose COMMIT is refused tells its caller, on the embedded database as on the
 * PostgreSQL server (lib/database/pglite-adapter.ts): pglite-prisma-adapter answered as if it had
 * passed, while PGlite had rolled everything back, so a service reported "done" for nothing kept.
 * Then the database goes on serving, and a transaction that passes still commits.
 */
const table = `test_failed_commit_${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  await db.$executeRawUnsafe(`CREATE TABLE "${table}" (id text PRIMARY KEY, doomed boolean NOT NULL)`);
  await db.$executeRawUnsafe(
    `CREATE FUNCTION "${table}_refuse"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused at commit (test)'; END $$`,
  );
  await db.$executeRawUnsafe(
    `CREATE CONSTRAINT TRIGGER "${table}_refuse" AFTER INSERT ON "${table}" DEFERRABLE INITIALLY DEFERRED
     FOR EACH ROW WHEN (NEW.doomed) EXECUTE FUNCTION "${table}_refuse"()`,
  );
});

afterAll(async () => {
  await db.$executeRawUnsafe(`DROP TABLE IF EXISTS "${table}"`);
  await db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS "${table}_refuse"()`);
});

const insert = (id: string, doomed: boolean) =>
  db.$transaction(async (tx) => {
    await tx.user.create({ data: { email: `${id}@example.test`, firstName: "Failed", lastName: "Commit" } });
    await tx.$executeRawUnsafe(`INSERT INTO "${table}" (id, doomed) VALUES ($1, $2)`, id, doomed);
    return id;
  });

describe("a transaction whose commit is refused", () => {
  it("throws, and keeps nothing of what it wrote", async () => {
    const id = randomUUID();
    await expect(insert(id, true)).rejects.toThrow(/refused at commit/);
    expect(await db.user.findUnique({ where: { email: `${id}@example.test` } })).toBeNull();
    expect(await db.$queryRawUnsafe(`SELECT id FROM "${table}" WHERE id = $1`, id)).toEqual([]);
  });

  it("leaves the database serving: the next transaction commits", async () => {
    const id = randomUUID();
    await expect(insert(id, false)).resolves.toBe(id);
    expect(await db.user.findUnique({ where: { email: `${id}@example.test` } })).not.toBeNull();
    expect(await db.$queryRawUnsafe(`SELECT id FROM "${table}" WHERE id = $1`, id)).toEqual([{ id }]);
  });
});
