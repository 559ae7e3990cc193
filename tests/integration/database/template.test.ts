import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { migrateEmbeddedInOneBatch } from "@/lib/database/migrate-in-one-batch";
import { readMigrationList } from "@/lib/database/schema-engine";
import { databaseTemplatePath, saveDatabaseTemplate, templateForNewDatabase } from "@/lib/database/template";

/**
 * A new embedded database starts from the build's template, a migrated empty database: it has
 * every migration (nothing left to apply) and no rows; an existing database is never replaced,
 * and a template made before a new migration is never used.
 */
const tmp = mkdtempSync(path.join(os.tmpdir(), "covenant-template-test-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("the embedded database's template", () => {
  it("starts a new database migrated and empty, and leaves an existing one alone", async () => {
    const template = path.join(tmp, "cache", "template.tar.gz");
    const source = new PGlite();
    await migrateEmbeddedInOneBatch(source);
    expect(await saveDatabaseTemplate(source, template)).toBe(template);
    // Kept once: a second save does not write it again.
    expect(await saveDatabaseTemplate(source, template)).toBeNull();
    await source.close();

    const dir = path.join(tmp, "data");
    const blob = templateForNewDatabase(dir, template);
    expect(blob).toBeInstanceOf(Blob);
    const started = new PGlite(dir, { loadDataDir: blob });
    expect(await migrateEmbeddedInOneBatch(started)).toEqual([]);
    const names = (await readMigrationList()).migrationDirectories.map((m) => m.path);
    expect(
      (await started.query<{ name: string }>(`SELECT migration_name AS name FROM "_prisma_migrations" ORDER BY 1`)).rows.map((r) => r.name),
    ).toEqual(names);
    expect((await started.query(`SELECT count(*)::int AS n FROM "User"`)).rows).toEqual([{ n: 0 }]);
    await started.close();
    // The folder now holds a database: it is opened as it is, never replaced.
    expect(templateForNewDatabase(dir, template)).toBeUndefined();
    expect(templateForNewDatabase("memory://", template)).toBeUndefined();
    expect(templateForNewDatabase(path.join(tmp, "other"), path.join(tmp, "missing.tar.gz"))).toBeUndefined();
  }, 120_000);

  it("is named after the migrations it holds", () => {
    const root = path.join(tmp, "project");
    const write = (name: string, sql: string) => {
      mkdirSync(path.join(root, "prisma", "migrations", name), { recursive: true });
      writeFileSync(path.join(root, "prisma", "migrations", name, "migration.sql"), sql);
    };
    write("1_init", "CREATE TABLE a (id int);");
    const first = databaseTemplatePath(root);
    expect(databaseTemplatePath(root)).toBe(first);
    write("2_more", "CREATE TABLE b (id int);");
    const second = databaseTemplatePath(root);
    expect(second).not.toBe(first);
    write("2_more", "CREATE TABLE b (id bigint);");
    expect(databaseTemplatePath(root)).not.toBe(second);
    expect(path.dirname(first)).toBe(path.join(root, ".next", "cache", "covenant"));
  });
});
