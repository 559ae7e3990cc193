import type { z } from "zod";
import { anonymousContext, type ServiceContext } from "@/lib/auth/context";

/**
 * Work that outlives a request, declared once (issue 16): its name (the queue's), its zod input,
 * an optional cron schedule (UTC), and the service it runs as a system job. The queue
 * (lib/jobs/queue.ts) keeps jobs in the product's own PostgreSQL through pg-boss, so several app
 * processes on one database run each job once; `enqueue` validates the input before it is stored.
 */
export type JobDefinition<I extends z.ZodType = z.ZodType> = {
  name: string;
  /** A short sentence for the docs and the logs. */
  description: string;
  input: I;
  /** Cron in UTC ("0 * * * *" is hourly): the queue sends the job on that schedule, once across processes. */
  schedule?: string;
  /**
   * Attempts after the first failure (default DEFAULT_RETRY_LIMIT), each after `retryDelaySeconds`
   * (default DEFAULT_RETRY_DELAY_SECONDS, doubling, with jitter: the first between one and two of it).
   */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How long one run may take before it is retried or failed (default 15 minutes). */
  expireInSeconds?: number;
  /**
   * How many jobs a worker takes at once and runs side by side (default 1): for many short jobs
   * that wait on the network, such as email delivery. Each job of a batch succeeds or fails alone.
   */
  batchSize?: number;
  /** Throwing fails this attempt: the queue retries it until the last one (`attempt.last`). */
  run: (ctx: ServiceContext, input: z.infer<I>, attempt: JobAttempt) => Promise<unknown>;
};

/** Which attempt of a job is running (1 for the first) and whether a failure now is final. */
export type JobAttempt = { number: number; last: boolean };

export const DEFAULT_RETRY_LIMIT = 2;
/** 30 s: a job whose process died is run again within two minutes (lib/jobs/queue.ts HEARTBEAT_SECONDS). */
export const DEFAULT_RETRY_DELAY_SECONDS = 30;

/** Declares a job (the identity, typed). */
export const defineJob = <I extends z.ZodType>(job: JobDefinition<I>) => job;

/** The context a job runs in: no user, no account (a job scopes each write to its row's account), via "system". */
export const jobContext = (jobId: string | null): ServiceContext => anonymousContext({ via: "system", viaId: jobId });

/**
 * Options for a transaction that writes its follow-up work (jobs, emails and their delivery
 * jobs): it renders and stores them too, and a process that just started compiles each query on
 * first use, so Prisma's 5 s default can run out on a busy machine. Still bounded: a stuck
 * transaction must not hold the document's lock for long.
 */
export const WITH_FOLLOW_UPS = { timeout: 20_000 } as const;
