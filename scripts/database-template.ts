/**
 * Writes this build's embedded database template (lib/database/template.ts): a fresh database,
 * migrated, with no data, kept in .next/cache/covenant/. Nothing to do when it exists.
 * scripts/lib.mjs runs it after each build, so that the first start of a build is fast too.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { databaseTemplatePath } from "@/lib/database/template";

if (!existsSync(databaseTemplatePath())) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "covenant-template-"));
  process.env.PGLITE_DIR = path.join(dir, "pglite");
  process.env.SEED_DEMO = "false";
  delete process.env.DATABASE_URL;
  try {
    const { prepareDatabase } = await import("@/lib/registry/prepare-database");
    const { disconnectDb } = await import("@/lib/db");
    await prepareDatabase();
    await disconnectDb();
    console.log(
      existsSync(databaseTemplatePath())
        ? `Database template: ${path.relative(process.cwd(), databaseTemplatePath())}`
        : "No template written.",
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
