import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite, types as pgliteTypes } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PrismaClient, type Prisma } from "@/lib/generated/prisma/client";
import { templateForNewDatabase } from "@/lib/database/template";
import { utcTimestamp } from "@/lib/database/raw-values";
import { isConnectionLost } from "@/lib/database/connection-lost";
import { ReportingPGlite } from "@/lib/database/pglite-adapter";

/**
 * The one Prisma client. With DATABASE_URL it talks to that PostgreSQL server; without it,
 * to an embedded PostgreSQL (PGlite) kept in PGLITE_DIR (default ./data/pglite, git-ignored;
 * "memory://" for throw-away databases). Only services in lib/ import this file.
 */
export type Db = PrismaClient;

type DbState = {
  client: PrismaClient;
  factory: SqlMigrationAwareDriverAdapterFactory;
  /** The PostgreSQL server's pool, shared with Prisma's adapter (queryRows). */
  pool?: pg.Pool;
  pglite?: PGlite;
  fromTemplate?: boolean;
};

/**
 * With DB_QUERY_EVENTS=1 (the tests set it) the client emits an event per SQL statement, so
 * tests can count what a request sends (countStatements). Off otherwise: it costs a little.
 */
const queryEvents = () => process.env.DB_QUERY_EVENTS === "1";
const clientOptions = () => (queryEvents() ? { log: [{ emit: "event" as const, level: "query" as const }] } : {});
type QueryListener = (query: string, params: string) => void;
const listeners = new Set<QueryListener>();

function withEvents(client: PrismaClient): PrismaClient {
  if (queryEvents())
    (client as unknown as { $on: (event: "query", cb: (e: { query: string; params: string }) => void) => void }).$on("query", (e) =>
      listeners.forEach((l) => l(e.query, e.params)),
    );
  return client;
}

/**
 * Runs `fn` and returns the SQL statements sent meanwhile (needs DB_QUERY_EVENTS=1), and each
 * one's parameters as Prisma reports them (a JSON array), for the benchmark's EXPLAIN.
 */
export async function countStatements<T>(fn: () => Promise<T>): Promise<{ result: T; statements: string[]; params: string[] }> {
  if (!queryEvents()) throw new Error("Set DB_QUERY_EVENTS=1 to count statements.");
  const statements: string[] = [];
  const params: string[] = [];
  const listener: QueryListener = (query, values) => {
    statements.push(query);
    params.push(values);
  };
  listeners.add(listener);
  try {
    return { result: await fn(), statements, params };
  } finally {
    listeners.delete(listener);
  }
}

const globalForDb = globalThis as unknown as { __covenantDb?: DbState };

export { isConnectionLost };

/** A statement that only reads (a SELECT, or a WITH that writes nothing): safe to send twice. */
export const isReadOnly = (sql: string) =>
  /^\s*select\b/i.test(sql) || (/^\s*with\b/i.test(sql) && !/\b(insert|update|delete|merge)\b/i.test(sql));

/**
 * A read sent again, once, when its connection was lost (PostgreSQL restarted, failed over, or
 * ended the app's connections): the pool has dropped the dead connection and gives another. A
 * write is never sent twice (it may have been applied), and a transaction's statements are not
 * retried one by one (the transaction is gone with its connection).
 */
export async function retryReadOnce<T>(sql: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isReadOnly(sql) || !isConnectionLost(error)) throw error;
    // A moment for the pool to hear of its other dead connections (their sockets close too).
    await new Promise((resolve) => setTimeout(resolve, 25));
    return run();
  }
}

/** Prisma's adapter whose statements outside a transaction go through retryReadOnce. */
function retryingReads(factory: PrismaPg): SqlMigrationAwareDriverAdapterFactory {
  const wrap = <A extends object>(adapter: A): A =>
    new Proxy(adapter, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (prop === "queryRaw") {
          const queryRaw = value as (query: { sql: string }) => Promise<unknown>;
          return (query: { sql: string }) => retryReadOnce(query.sql, () => queryRaw.call(target, query));
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  return new Proxy(factory, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "connect") return async () => wrap(await target.connect());
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

export const isEmbedded = () => !process.env.DATABASE_URL;

function createState(): DbState {
  if (process.env.DATABASE_URL) {
    // Our own pool, handed to Prisma's adapter (which ends it on disconnect), so that queryRows
    // uses the same connections.
    // JIT off for the app's connections: PostgreSQL compiles a statement whose estimated cost
    // passes jit_above_cost (100,000 by default), and the app's statements are short. The
    // dashboard's waiting list at 100,000 documents spent 20 ms compiling for 40 ms of work (issue 15).
    const pool = new pg.Pool({
      connectionString: process.env.DATABASE_URL,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      options: "-c jit=off",
      // Named with the process, so an operator (or a test) can tell one process's connections from another's.
      application_name: `covenant-${process.pid}`,
    });
    // An idle connection the server ended leaves the pool by itself; the next query opens another.
    pool.on("error", (error) => console.error(`[db] an idle connection was lost: ${error.message}`));
    const factory = retryingReads(new PrismaPg(pool, { disposeExternalPool: true }));
    return { factory, pool, client: withEvents(new PrismaClient({ adapter: factory, ...clientOptions() })) };
  }
  const dir = process.env.PGLITE_DIR ?? path.join(process.cwd(), "data", "pglite");
  if (!dir.startsWith("memory://")) mkdirSync(dir, { recursive: true });
  // A new database starts from this build's migrated empty one when there is one (lib/database/template.ts).
  const template = templateForNewDatabase(dir);
  const pglite = template ? new PGlite(dir, { loadDataDir: template }) : new PGlite(dir);
  const factory = new ReportingPGlite(pglite);
  return { factory, pglite, fromTemplate: !!template, client: withEvents(new PrismaClient({ adapter: factory, ...clientOptions() })) };
}

function state(): DbState {
  globalForDb.__covenantDb ??= createState();
  return globalForDb.__covenantDb;
}

// `timestamp` columns as the Date Prisma gives (utcTimestamp): both drivers would read them in the
// process's time zone.
const TIMESTAMP_OID = 1114;
const pgTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === TIMESTAMP_OID && format !== "binary" ? utcTimestamp : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * Runs one read statement through the driver itself, without Prisma's request pipeline: for the
 * statement every signed-in request sends (the session and its membership), where that pipeline
 * costs more CPU than the query (issue 15). `text` uses `$1`, `$2`… for `values`. Rows come as
 * objects with PostgreSQL's types as both drivers parse them (JSON parsed, arrays as arrays,
 * timestamps as Dates in UTC); counted by countStatements like Prisma's statements. Not inside a
 * Prisma transaction: it runs on a connection of its own.
 *
 * `prepared` makes it a prepared statement on a PostgreSQL server, named after its text: each
 * connection parses it once, and after a few runs PostgreSQL keeps one plan for it. The session's
 * statement took 1.2 ms to plan against 0.4 ms to run, on every signed-in request (issue 15). Only
 * for a text that does not depend on input (the values may): each distinct text stays prepared on
 * each connection for the life of the process.
 */
export async function queryRows<T>(text: string, values: unknown[], options: { prepared?: boolean } = {}): Promise<T[]> {
  const current = state();
  // An instant goes as UTC text, as Prisma sends it: the columns are timestamps in UTC without a
  // zone, and the driver would write it in the process's own zone.
  if (values.some((v) => v instanceof Date)) values = values.map((v) => (v instanceof Date ? v.toISOString() : v));
  if (listeners.size > 0) listeners.forEach((listener) => listener(text, JSON.stringify(values)));
  if (current.pool) {
    const { pool } = current;
    const name = options.prepared ? statementName(text) : undefined;
    return retryReadOnce(text, async () => (await pool.query<T & pg.QueryResultRow>({ name, text, values, types: pgTypes })).rows);
  }
  return (await current.pglite!.query<T>(text, values, { parsers: { [pgliteTypes.TIMESTAMP]: utcTimestamp } })).rows;
}

/**
 * A `Prisma.sql` read statement through queryRows, prepared (above): for statements whose text is
 * the same on every call, sent on every load of a screen (the /docs rows and filter options).
 */
export const queryPrepared = <T>(sql: Prisma.Sql): Promise<T[]> => queryRows<T>(sql.text, sql.values, { prepared: true });

/**
 * A `Prisma.sql` read statement through queryRows, planned for its values on every call (an
 * unnamed statement). For statements whose best plan depends on who asks: after five runs of a
 * prepared statement PostgreSQL may keep a generic plan, chosen on one caller's runs, for all of
 * them. The dashboard's statements with a generic plan took 16 to 290 ms for a member without
 * documents, where the plan for their own values takes under a millisecond (docs/benchmarks.md,
 * session 22).
 */
export const querySql = <T>(sql: Prisma.Sql): Promise<T[]> => queryRows<T>(sql.text, sql.values);

/** One name per text (a connection refuses a name it knows with another text). */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `q${createHash("sha1").update(text).digest("hex").slice(0, 24)}`));
  return name;
}

/**
 * Whether PostgreSQL ended a transaction to break a deadlock (40P01) or a serialisation conflict
 * (40001): Prisma gives P2034 for them, or P2010 with the code when a raw statement met it.
 */
export function isWriteConflict(error: unknown): boolean {
  const { code, meta } = (error ?? {}) as { code?: unknown; meta?: { code?: unknown } };
  return code === "P2034" || (code === "P2010" && (meta?.code === "40P01" || meta?.code === "40001"));
}

/** How many times an interactive transaction runs at most when PostgreSQL ends it for a deadlock. */
export const TRANSACTION_ATTEMPTS = 3;

/**
 * `$transaction(fn)`, run again (up to TRANSACTION_ATTEMPTS times, after a short random pause)
 * when PostgreSQL ended it to break a deadlock, as PostgreSQL's manual advises: it rolled the
 * whole transaction back, so running `fn` again starts from a clean state. Deadlocks happen
 * between writes of one workspace taken in opposite orders, such as a row's lock and the audit
 * chain's lock of the workspace (docs/audit-chain.md), which every audited write takes. Batch
 * transactions (an array) are passed through.
 */
function retryingTransaction(client: PrismaClient): PrismaClient["$transaction"] {
  const transaction = client.$transaction.bind(client) as (...args: unknown[]) => Promise<unknown>;
  return (async (input: unknown, options?: unknown) => {
    if (typeof input !== "function") return transaction(input, options);
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(input, options);
      } catch (error) {
        if (attempt >= TRANSACTION_ATTEMPTS || !isWriteConflict(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
      }
    }
  }) as PrismaClient["$transaction"];
}

/** The Prisma client (created on first use); its interactive transactions retry a deadlock. */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  has: (_target, prop) => Reflect.has(state().client, prop),
  get(_target, prop) {
    const client = state().client;
    if (prop === "$transaction") return retryingTransaction(client);
    const value = Reflect.get(client, prop, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

/** The adapter factory behind `db`, for the migration runner. */
export const dbAdapterFactory = () => state().factory;

/**
 * Whether the embedded database is being created from this build's template, so it has the
 * current schema from its first query: the server may answer while it opens (instrumentation.ts).
 */
export const embeddedFromTemplate = (): boolean => !!state().fromTemplate;

/**
 * Runs `fn` holding the PostgreSQL session advisory lock `key`, waiting for it as long as another
 * process holds it (one connection of the pool keeps it meanwhile). The embedded database has a
 * single process: `fn` simply runs.
 */
export async function withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T> {
  const pool = state().pool;
  if (!pool) return fn();
  const holder = await pool.connect();
  // After a failure the connection is closed rather than pooled again: closing it gives the lock
  // back too, whatever state the failure left it in.
  let failed: Error | undefined;
  try {
    await holder.query("SELECT pg_advisory_lock($1)", [key]);
    try {
      return await fn();
    } finally {
      await holder.query("SELECT pg_advisory_unlock($1)", [key]).catch((error: Error) => void (failed = error));
    }
  } catch (error) {
    failed ??= error as Error;
    throw error;
  } finally {
    holder.release(failed);
  }
}

/**
 * Runs `fn` (a migration through Prisma's schema engine) with a driver adapter of its own, on a
 * PostgreSQL server holding the advisory lock `lockKey` meanwhile (withAdvisoryLock). The
 * engine's adapter has one connection: the engine takes an advisory lock of its own and gives it
 * back with another statement, which over the shared pool could run on another connection,
 * leaving the lock held by an idle one (the next process then timed out on it).
 */
export async function withMigrationAdapter<T>(
  lockKey: number,
  fn: (factory: SqlMigrationAwareDriverAdapterFactory) => Promise<T>,
): Promise<T> {
  const current = state();
  if (!current.pool) return fn(current.factory);
  return withAdvisoryLock(lockKey, async () => {
    const engine = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    try {
      return await fn(new PrismaPg(engine));
    } finally {
      await engine.end();
    }
  });
}

/** The embedded database behind `db` (undefined with DATABASE_URL), for migrating it in one batch and for the job queue and live events. */
export const embeddedDatabase = (): PGlite | undefined => state().pglite;

/** Closes the connection (tests and scripts). */
export async function disconnectDb(): Promise<void> {
  const current = globalForDb.__covenantDb;
  if (!current) return;
  globalForDb.__covenantDb = undefined;
  await current.client.$disconnect();
  await current.pglite?.close();
}
