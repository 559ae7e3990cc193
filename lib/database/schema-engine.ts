import { readFile, readdir, stat } from "node:fs/promises";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type { MigrationList, SchemaContainer, SchemaEngine } from "@prisma/schema-engine-wasm/schema_engine_bg";

/**
 * Prisma's CLI downloads a native schema engine, which these offline machines cannot reach.
 * The same engine ships as WebAssembly on npm; we drive it through a driver adapter, so
 * migrations write the standard `_prisma_migrations` table and `prisma migrate deploy`
 * on a connected machine agrees with what ran here.
 */
type EngineModule = typeof import("@prisma/schema-engine-wasm/schema_engine_bg");

// Resolved at run time from the project root: bundlers must not rewrite this lookup.
const ENGINE_PACKAGE = ["@prisma", "schema-engine-wasm"].join("/");
const resolveFromRoot = (specifier: string) => createRequire(path.join(process.cwd(), "package.json")).resolve(specifier);
const NO_FILTER = { externalTables: [], externalEnums: [] };
let enginePromise: Promise<EngineModule> | undefined;

async function loadEngine(): Promise<EngineModule> {
  enginePromise ??= (async () => {
    const runtime = await import("@prisma/schema-engine-wasm/schema_engine_bg");
    const wasmPath = path.join(path.dirname(resolveFromRoot(`${ENGINE_PACKAGE}/schema_engine_bg`)), "schema_engine_bg.wasm");
    const instance = new WebAssembly.Instance(new WebAssembly.Module(await readFile(wasmPath)), {
      "./schema_engine_bg.js": runtime as unknown as WebAssembly.ModuleImports,
    });
    (runtime as unknown as { __wbg_set_wasm(w: unknown): void }).__wbg_set_wasm(instance.exports);
    (instance.exports as unknown as { __wbindgen_start(): void }).__wbindgen_start();
    return runtime;
  })();
  return enginePromise;
}

type ScriptRunner = { executeScript(script: string): Promise<void>; underlyingDriver?: () => unknown };

/**
 * Prisma's pg adapter runs a migration script by splitting it on every ";", which cuts apart the
 * bodies of functions and DO blocks ($$ … $$). Its connections here send each script whole
 * instead: PostgreSQL's simple query protocol runs several statements in one implicit
 * transaction, so a migration also applies all or nothing. PGlite's adapter already runs scripts whole.
 */
function withWholeScripts(factory: SqlMigrationAwareDriverAdapterFactory): SqlMigrationAwareDriverAdapterFactory {
  if (factory.adapterName !== "@prisma/adapter-pg") return factory;
  const whole = <A extends object>(adapter: A): A => {
    const runner = adapter as unknown as ScriptRunner;
    const driver = runner.underlyingDriver?.() as { query(text: string): Promise<unknown> } | undefined;
    if (driver) runner.executeScript = async (script: string) => void (await driver.query(script));
    return adapter;
  };
  return new Proxy(factory, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === "connect" || prop === "connectToShadowDb")
        return async (...args: unknown[]) => whole(await (value as (...a: unknown[]) => Promise<object>).apply(target, args));
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

export async function withSchemaEngine<T>(
  factory: SqlMigrationAwareDriverAdapterFactory,
  run: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  const runtime = await loadEngine();
  const engine = await runtime.SchemaEngine.new(
    { datamodels: undefined },
    () => {},
    bindMigrationAwareSqlAdapterFactory(withWholeScripts(factory)),
  );
  try {
    return await run(engine);
  } finally {
    engine.free();
  }
}

export const MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");
export const SCHEMA_DIR = path.join(process.cwd(), "prisma", "schema");

export async function readMigrationList(dir = MIGRATIONS_DIR): Promise<MigrationList> {
  const lockPath = path.join(dir, "migration_lock.toml");
  const names = existsSync(dir)
    ? (await readdir(dir, { withFileTypes: true }))
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : [];
  return {
    baseDir: dir,
    lockfile: {
      path: "migration_lock.toml",
      content: existsSync(lockPath) ? await readFile(lockPath, "utf8") : null,
    },
    shadowDbInitScript: "",
    migrationDirectories: await Promise.all(
      names.map(async (name) => ({
        path: name,
        migrationFile: {
          path: "migration.sql",
          content: { tag: "ok" as const, value: await readFile(path.join(dir, name, "migration.sql"), "utf8") },
        },
      })),
    ),
  };
}

export async function readSchemaFiles(dir = SCHEMA_DIR): Promise<SchemaContainer[]> {
  const isDir = (await stat(dir)).isDirectory();
  const files = isDir
    ? (await readdir(dir))
        .filter((f) => f.endsWith(".prisma"))
        .sort()
        .map((f) => path.join(dir, f))
    : [dir];
  return Promise.all(files.map(async (file) => ({ path: file, content: await readFile(file, "utf8") })));
}

/** Applies every pending migration of prisma/migrations; returns the names applied. */
export async function applyMigrations(factory: SqlMigrationAwareDriverAdapterFactory): Promise<string[]> {
  const migrationsList = await readMigrationList();
  if (migrationsList.migrationDirectories.length === 0) return [];
  return withSchemaEngine(factory, async (engine) => {
    const result = await engine.applyMigrations({ migrationsList, filters: NO_FILTER });
    return result.appliedMigrationNames;
  });
}

/**
 * The SQL that takes a database migrated to the current history to the schema files,
 * or undefined when they agree. `shadow` must be an empty database.
 */
export async function diffSchemaAgainstMigrations(shadow: SqlMigrationAwareDriverAdapterFactory): Promise<string | undefined> {
  const migrationsList = await readMigrationList();
  const files = await readSchemaFiles();
  return withSchemaEngine(shadow, async (engine) => {
    if (migrationsList.migrationDirectories.length > 0) {
      await engine.applyMigrations({ migrationsList, filters: NO_FILTER });
    }
    const diff = await engine.diff({
      from: { tag: "schemaDatasource", files, configDir: process.cwd() },
      to: { tag: "schemaDatamodel", files },
      script: true,
      exitCode: true,
      filters: NO_FILTER,
    });
    return diff.exitCode === 0 || !diff.stdout ? undefined : diff.stdout;
  });
}
