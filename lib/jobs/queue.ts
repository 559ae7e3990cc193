import { PgBoss, type Job, type ConstructorOptions } from "pg-boss";
import type { z } from "zod";
import { embeddedDatabase } from "@/lib/db";
import { DEFAULT_RETRY_LIMIT, jobContext, type JobDefinition } from "./job";
import { JOBS } from "./registry";

/**
 * The durable job queue (issue 16): pg-boss in the product's own PostgreSQL, in its own schema.
 * On the embedded database it runs in process over the same PGlite; on a PostgreSQL server it
 * holds a small pool of its own. Jobs are rows, so several app processes on one database share
 * them: each job runs once, a cron schedule sends once, and a job outlives the process that sent
 * it (a crash retries it). `startJobs` makes this process a worker; `enqueue` only stores a job.
 */
export const QUEUE_SCHEMA = "pgboss";

/** How often an idle worker looks for work. */
const POLLING_INTERVAL_SECONDS = Number(process.env.JOBS_POLLING_SECONDS ?? 2);

export type JobQueue = {
  boss: PgBoss;
  working: boolean;
  /** Stores a job for a worker (this process's or another's); its input is validated first. Answers the job's id. */
  enqueue: <I extends z.ZodType>(
    definition: JobDefinition<I>,
    input: z.input<I>,
    options?: { startAfter?: Date },
  ) => Promise<string | null>;
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

/**
 * Opens a queue on this database: the schema (created or migrated once), one queue per declared
 * job with its retry rules, their cron schedules, and with `work` a worker per job. Two calls
 * give two independent instances, as two processes would have (the tests rely on it).
 */
export async function openQueue({
  work,
  jobs = JOBS,
  pollingIntervalSeconds = POLLING_INTERVAL_SECONDS,
}: {
  work: boolean;
  /** The declarations it serves (all of them, but for tests). */
  jobs?: readonly JobDefinition[];
  pollingIntervalSeconds?: number;
}): Promise<JobQueue> {
  const boss = new PgBoss({
    ...connection(),
    schema: QUEUE_SCHEMA,
    // Only a worker supervises (maintenance) and keeps the cron clock; a sender stores jobs.
    supervise: work,
    schedule: work,
  });
  boss.on("error", (error) => console.error("[jobs] queue error", error));
  await boss.start();
  for (const definition of jobs) {
    const options = {
      retryLimit: definition.retryLimit ?? DEFAULT_RETRY_LIMIT,
      retryDelay: definition.retryDelaySeconds ?? 60,
      retryBackoff: true,
      expireInSeconds: definition.expireInSeconds ?? 15 * 60,
    };
    if (await boss.getQueue(definition.name)) await boss.updateQueue(definition.name, options);
    else
      await boss.createQueue(definition.name, options).catch(async (error) => {
        // Another process created it meanwhile.
        if (!(await boss.getQueue(definition.name))) throw error;
      });
  }
  if (work) {
    for (const definition of jobs) {
      if (definition.schedule) await boss.schedule(definition.name, definition.schedule, {}, { tz: "UTC" });
      await boss.work<object>(definition.name, { pollingIntervalSeconds }, async (jobs) => {
        for (const job of jobs) await runJob(definition, job);
      });
    }
  }
  return {
    boss,
    working: work,
    enqueue: async (definition, input, options = {}) =>
      boss.send(definition.name, definition.input.parse(input) as object, options.startAfter ? { startAfter: options.startAfter } : {}),
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}

const state = globalThis as unknown as { __covenantQueue?: Promise<JobQueue> };

/**
 * Makes this process a worker: its jobs run here as well as in any other process on the same
 * database (each job once). Started after the server is up (instrumentation.ts), so it never
 * delays the first answer; `DISABLE_JOBS=1` leaves the work to other processes. A second call
 * starts nothing new.
 */
export function startJobs(): Promise<JobQueue> | null {
  if (process.env.DISABLE_JOBS === "1") return null;
  state.__covenantQueue ??= openQueue({ work: true }).catch((error) => {
    state.__covenantQueue = undefined;
    throw error;
  });
  return state.__covenantQueue;
}

/** Stores a job for a worker (this process's or another's); its input is validated first. Answers the job's id. */
export async function enqueue<I extends z.ZodType>(definition: JobDefinition<I>, input: z.input<I>, options: { startAfter?: Date } = {}) {
  definition.input.parse(input);
  state.__covenantQueue ??= openQueue({ work: false });
  return (await state.__covenantQueue).enqueue(definition, input, options);
}

/** Stops this process's queue (tests, shutdown): running jobs finish first. */
export async function stopJobs(): Promise<void> {
  const current = state.__covenantQueue;
  state.__covenantQueue = undefined;
  if (current) await (await current.catch(() => null))?.stop();
}
