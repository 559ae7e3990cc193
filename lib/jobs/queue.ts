import { AsyncLocalStorage } from "node:async_hooks";
import { PgBoss, type Job, type ConstructorOptions } from "pg-boss";
import type { z } from "zod";
import { embeddedDatabase, isEmbedded } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DEFAULT_RETRY_DELAY_SECONDS, DEFAULT_RETRY_LIMIT, jobContext, type JobDefinition } from "./job";

/**
 * The durable job queue (issue 16): pg-boss in the product's own PostgreSQL, in its own schema.
 * On the embedded database it runs in process over the same PGlite; on a PostgreSQL server it
 * holds a small pool of its own. Jobs are rows, so several app processes on one database share
 * them: each job runs once, a cron schedule sends once, and a job outlives the process that sent
 * it (a crash retries it). `startJobs` makes this process a worker; `enqueue` only stores a job.
 * The queue knows no job of its own: whoever starts the process hands it the list
 * (`declareJobs`, from lib/registry/jobs.ts: instrumentation.ts, the tests' setup), and a job
 * sent that the list lacks has its queue made before it is stored.
 */
export const QUEUE_SCHEMA = "pgboss";

/** How often an idle worker looks for work. */
const POLLING_INTERVAL_SECONDS = Number(process.env.JOBS_POLLING_SECONDS ?? 2);

/**
 * A running job's worker says it is alive within this time (pg-boss refreshes it every half of
 * it); a job whose process died stops being heard from, fails at the next check and is retried
 * by any process (issue 37): within HEARTBEAT_SECONDS + SUPERVISE_SECONDS + its first retry delay
 * (between one and two `retryDelaySeconds`, so at most 60 s with the default 30), under two
 * minutes, where only the expiry (15 minutes) brought it back before. A job that legitimately runs
 * long keeps beating; `expireInSeconds` still bounds one run.
 */
export const HEARTBEAT_SECONDS = 20;
/** How often a worker process checks the queues for expired and silent jobs (pg-boss's default is 60). */
const SUPERVISE_SECONDS = 15;

export type JobQueue = {
  boss: PgBoss;
  working: boolean;
  /** Stores a job for a worker (this process's or another's); its input is validated first. Answers the job's id. */
  enqueue: <I extends z.ZodType>(
    definition: JobDefinition<I>,
    input: z.input<I>,
    options?: { startAfter?: Date },
  ) => Promise<string | null>;
  /** Whether the queue of this job exists (made at the opening or by `ensure`). */
  serves: (name: string) => boolean;
  /** Makes the queue of a job the opening did not know (quick once done). */
  ensure: (definition: JobDefinition) => Promise<void>;
  stop: () => Promise<void>;
};

function connection(): ConstructorOptions {
  const pglite = embeddedDatabase();
  if (!pglite) return { connectionString: process.env.DATABASE_URL, max: 3, application_name: "covenant-jobs" };
  return {
    backend: "pglite",
    // pg-boss sends its multi-statement scripts without parameters: PGlite's exec answers one result per statement.
    db: {
      executeSql: (text: string, values?: unknown[]) =>
        values?.length ? pglite.query(text, values) : pglite.exec(text).then((results) => (results.length === 1 ? results[0]! : results)),
    } as ConstructorOptions["db"],
  };
}

/** Runs one job of a declaration: its stored input is validated again, a failure is thrown back so pg-boss retries it. */
async function runJob(definition: JobDefinition, job: Job<object>): Promise<unknown> {
  const input = definition.input.parse(job.data ?? {});
  const retryLimit = definition.retryLimit ?? DEFAULT_RETRY_LIMIT;
  return definition.run(jobContext(job.id), input, { number: job.retryCount + 1, last: job.retryCount >= retryLimit });
}

/** Creates a job's queue with its retry rules, or brings the rules of an existing one up to date. */
async function readyQueue(boss: PgBoss, definition: JobDefinition): Promise<void> {
  const options = {
    retryLimit: definition.retryLimit ?? DEFAULT_RETRY_LIMIT,
    retryDelay: definition.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: definition.expireInSeconds ?? 15 * 60,
    heartbeatSeconds: HEARTBEAT_SECONDS,
  };
  if (await boss.getQueue(definition.name)) await boss.updateQueue(definition.name, options);
  else
    await boss.createQueue(definition.name, options).catch(async (error) => {
      // Another process created it meanwhile.
      if (!(await boss.getQueue(definition.name))) throw error;
    });
}

/**
 * Opens a queue on this database: the schema (created or migrated once), one queue per declared
 * job with its retry rules, their cron schedules, and with `work` a worker per job. Two calls
 * give two independent instances, as two processes would have (the tests rely on it).
 */
export async function openQueue({
  work,
  jobs,
  pollingIntervalSeconds = POLLING_INTERVAL_SECONDS,
}: {
  work: boolean;
  /** The declarations it serves: those handed to `declareJobs` unless given (tests). */
  jobs?: readonly JobDefinition[];
  pollingIntervalSeconds?: number;
}): Promise<JobQueue> {
  const boss = new PgBoss({
    ...connection(),
    schema: QUEUE_SCHEMA,
    // Only a worker supervises (maintenance) and keeps the cron clock; a sender stores jobs.
    supervise: work,
    schedule: work,
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
  });
  boss.on("error", (error) => console.error("[jobs] queue error", error));
  const served = new Set<string>();
  const list = jobs ?? (await declaredJobs());
  await boss.start();
  for (const definition of list) {
    await readyQueue(boss, definition);
    served.add(definition.name);
  }
  const ensure = async (definition: JobDefinition) => {
    if (served.has(definition.name)) return;
    await readyQueue(boss, definition);
    served.add(definition.name);
  };
  if (work) {
    for (const definition of list) {
      if (definition.schedule) await boss.schedule(definition.name, definition.schedule, {}, { tz: "UTC" });
      const batchSize = definition.batchSize ?? 1;
      if (batchSize === 1)
        await boss.work<object>(definition.name, { pollingIntervalSeconds }, async (jobs) => {
          for (const job of jobs) await runJob(definition, job);
        });
      else
        // A batch runs side by side, each job settled alone: one failure retries that job only.
        // While batches come back full the worker fetches again at once rather than after its
        // polling interval (10 jobs every 2 s would be 5 a second).
        await boss.work<object>(
          definition.name,
          { pollingIntervalSeconds, batchSize, perJobResults: true, burstWhenBatchFull: true },
          async (jobs) =>
            Promise.all(
              jobs.map(async (job) => {
                try {
                  return { id: job.id, status: "completed" as const, output: await runJob(definition, job) };
                } catch (error) {
                  return { id: job.id, status: "failed" as const, output: { message: String(error) } };
                }
              }),
            ),
        );
    }
  }
  return {
    boss,
    working: work,
    enqueue: async (definition, input, options = {}) => {
      const data = definition.input.parse(input) as object;
      await ensure(definition as JobDefinition);
      return boss.send(definition.name, data, options.startAfter ? { startAfter: options.startAfter } : {});
    },
    serves: (name) => served.has(name),
    ensure,
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}

/** What pg-boss runs its statements through (its `db` option). */
type IDatabase = NonNullable<ConstructorOptions["db"]>;

const state = globalThis as unknown as {
  /** The jobs this process serves and sends (`declareJobs`). */
  __covenantJobs?: DeclaredJobs;
  /** This process's worker, once `startJobs` made it one: it also sends. */
  __covenantWorker?: Promise<JobQueue>;
  /** A queue that only sends, opened on demand before (or without) a worker. */
  __covenantSender?: Promise<JobQueue>;
  __covenantQueueReady?: boolean;
  __covenantTxSender?: PgBoss;
};

/**
 * Hands the queue the jobs of this process (lib/registry/jobs.ts), before anything opens it: the
 * server's start (instrumentation.ts), the tests' setup, a script that sends jobs. A worker creates
 * their queues, schedules and workers; a sender creates their queues.
 */
export function declareJobs(jobs: DeclaredJobs): void {
  state.__covenantJobs = jobs;
}

/** The list, or a function that loads it when a queue first opens (the tests: most never open one). */
type DeclaredJobs = readonly JobDefinition[] | (() => Promise<readonly JobDefinition[]>);

async function declaredJobs(): Promise<readonly JobDefinition[]> {
  const jobs = state.__covenantJobs ?? [];
  return typeof jobs === "function" ? jobs() : jobs;
}

/**
 * The queue this process sends through: its worker when it has one, else a sender opened on
 * demand. The two are kept apart so that a request that sends before `startJobs` does not leave
 * the process a sender only, never working a job.
 */
function sendingQueue(): Promise<JobQueue> {
  if (state.__covenantWorker) return state.__covenantWorker;
  state.__covenantSender ??= openQueue({ work: false }).catch((error) => {
    state.__covenantSender = undefined;
    throw error;
  });
  return state.__covenantSender;
}

/** A Prisma interactive transaction (or anything that runs raw SQL in one). */
export type SqlTransaction = Pick<Prisma.TransactionClient, "$queryRawUnsafe">;

/** pg-boss's statements run through the caller's transaction: its rows commit or roll back with it. */
const transactionDb = (tx: SqlTransaction): IDatabase => ({
  executeSql: async (text, values = []) => ({ rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values) }),
});

const currentTransaction = new AsyncLocalStorage<IDatabase>();

/** Whether a job's queue exists, read through the caller's transaction. */
const queueExists = async (tx: SqlTransaction, name: string) =>
  (await tx.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM ${QUEUE_SCHEMA}.queue WHERE name = $1`, name)).length > 0;

/**
 * The pg-boss that writes jobs inside a caller's transaction: never started (it opens no
 * connection), every statement it runs (the queue's row once, then the job's insert) goes through
 * the transaction of the send in progress. On the embedded database this matters: PGlite has one
 * session, held by the transaction, so a statement sent outside it would wait for it forever.
 */
function transactionSender(): PgBoss {
  state.__covenantTxSender ??= new PgBoss({
    ...(isEmbedded() ? { backend: "pglite" as const } : {}),
    db: {
      executeSql: (text: string, values?: unknown[]) => {
        const tx = currentTransaction.getStore();
        if (!tx) throw new Error("A job sent in a transaction ran a statement outside it.");
        return tx.executeSql(text, values);
      },
    },
    schema: QUEUE_SCHEMA,
    supervise: false,
    schedule: false,
    migrate: false,
  });
  return state.__covenantTxSender;
}

/**
 * Makes sure the queue's tables and queues exist, before a transaction that enqueues in it
 * (`enqueue(…, { tx })`, `sendEmail(…, { tx })`). Needed on the embedded database, where the
 * queue cannot be opened from inside a transaction (PGlite's one session is the transaction's);
 * on a server it happens on demand. Quick once done (the app's worker does it at start-up).
 */
export async function prepareJobs(): Promise<void> {
  if (state.__covenantQueueReady) return;
  await sendingQueue();
  state.__covenantQueueReady = true;
}

/**
 * Makes this process a worker: its jobs run here as well as in any other process on the same
 * database (each job once). Started after the server is up (instrumentation.ts), so it never
 * delays the first answer; `DISABLE_JOBS=1` leaves the work to other processes. A second call
 * starts nothing new; a sender opened before (by an early request) does not stand in for it.
 * `options` serve tests (the declarations it works, how often it polls).
 */
export function startJobs(options: { jobs?: readonly JobDefinition[]; pollingIntervalSeconds?: number } = {}): Promise<JobQueue> | null {
  if (process.env.DISABLE_JOBS === "1") return null;
  state.__covenantWorker ??= openQueue({ work: true, ...options }).then(
    (queue) => {
      state.__covenantQueueReady = true;
      return queue;
    },
    (error) => {
      state.__covenantWorker = undefined;
      throw error;
    },
  );
  return state.__covenantWorker;
}

/**
 * Stores a job for a worker (this process's or another's); its input is validated first. Answers
 * the job's id. With `tx` (a Prisma interactive transaction) the job is written in that
 * transaction: it exists exactly when the change that asks for it commits, so a process that dies
 * after the commit leaves nothing undone (issue 37). On the embedded database call
 * `prepareJobs()` before the transaction.
 */
export async function enqueue<I extends z.ZodType>(
  definition: JobDefinition<I>,
  input: z.input<I>,
  options: { startAfter?: Date; tx?: SqlTransaction } = {},
) {
  const data = definition.input.parse(input) as object;
  if (options.tx) {
    if (!state.__covenantQueueReady) {
      if (isEmbedded()) throw new Error(`Call prepareJobs() before the transaction that enqueues ${definition.name}.`);
      await prepareJobs();
    }
    // A job the process did not declare: its queue may exist (another queue made it), else it is made
    // now, outside the transaction, which the embedded database cannot do.
    if (!(await sendingQueue()).serves(definition.name) && !(await queueExists(options.tx, definition.name))) {
      if (isEmbedded())
        throw new Error(`${definition.name} has no queue: declare it (declareJobs) before the transaction that enqueues it.`);
      await (await sendingQueue()).ensure(definition as JobDefinition);
    }
    const db = transactionDb(options.tx);
    return currentTransaction.run(db, () =>
      transactionSender().send(definition.name, data, { db, ...(options.startAfter ? { startAfter: options.startAfter } : {}) }),
    );
  }
  return (await sendingQueue()).enqueue(definition, input, options);
}

/** Stops this process's queue (tests, shutdown): running jobs finish first. */
export async function stopJobs(): Promise<void> {
  const opened = [state.__covenantWorker, state.__covenantSender];
  state.__covenantWorker = state.__covenantSender = undefined;
  state.__covenantQueueReady = false;
  for (const queue of opened) if (queue) await (await queue.catch(() => null))?.stop();
}
