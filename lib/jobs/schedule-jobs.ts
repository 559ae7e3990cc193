import { markExpiringDocuments } from "./document-expiry";
import { backfillPdfText } from "./pdf-text-backfill";

/** How often the expiry job runs, and how long after start the first run waits. */
export const EXPIRY_INTERVAL_MS = 60 * 60 * 1000;
export const FIRST_RUN_DELAY_MS = 60 * 1000;
/** How often the PDF text backfill runs, and when first: after the expiry job, not with it. */
export const PDF_TEXT_BACKFILL_INTERVAL_MS = 10 * 60 * 1000;
export const PDF_TEXT_BACKFILL_FIRST_RUN_DELAY_MS = 2 * 60 * 1000;

type Jobs = { timers: Map<string, NodeJS.Timeout> };

const state = globalThis as unknown as { __covenantJobs?: Jobs };

/**
 * Runs `task` after `firstDelayMs`, then `intervalMs` after each run ends: one timer per job at
 * any time, and a run can never overlap the previous one. Failures are logged and the next run
 * tries again. Stops rescheduling once `jobs` is no longer the running set (stopJobs).
 */
function repeat(jobs: Jobs, name: string, firstDelayMs: number, intervalMs: number, task: () => Promise<void>): void {
  const schedule = (delay: number) => {
    const timer = setTimeout(async () => {
      try {
        await task();
      } catch (error) {
        console.error(`[jobs] ${name} failed`, error);
      }
      if (state.__covenantJobs === jobs) schedule(intervalMs);
    }, delay);
    // Never keeps the process alive.
    timer.unref();
    jobs.timers.set(name, timer);
  };
  schedule(firstDelayMs);
}

/**
 * Starts the background jobs of this server process: the document expiry job once shortly after
 * start, then hourly, and the PDF text backfill (lib/jobs/pdf-text-backfill.ts) a little later,
 * then every 10 minutes. Each job waits its interval after its previous run ends, so a run
 * never overlaps the previous one; failures are logged and the next run tries again. Timers are
 * unref'd so they never keep the process alive, and a second call (dev reloads) starts nothing
 * new. `DISABLE_JOBS=1` turns them off (several app instances on one database may leave them
 * to one).
 */
export function scheduleJobs(): void {
  if (process.env.DISABLE_JOBS === "1" || state.__covenantJobs) return;
  const jobs: Jobs = { timers: new Map() };
  state.__covenantJobs = jobs;
  repeat(jobs, "document expiry", FIRST_RUN_DELAY_MS, EXPIRY_INTERVAL_MS, async () => {
    const moved = await markExpiringDocuments();
    if (moved.expired || moved.toExpire) console.info(`[jobs] document expiry: ${moved.toExpire} to expire, ${moved.expired} expired`);
  });
  repeat(jobs, "pdf text backfill", PDF_TEXT_BACKFILL_FIRST_RUN_DELAY_MS, PDF_TEXT_BACKFILL_INTERVAL_MS, async () => {
    const done = await backfillPdfText();
    if (done.extracted || done.empty || done.failed || done.retry) {
      console.info(
        `[jobs] pdf text backfill: ${done.extracted} extracted, ${done.empty} without text, ${done.failed} failed, ${done.retry} to retry`,
      );
    }
  });
}

/** Stops the jobs (tests): clears their timers, and a run under way schedules no next one. */
export function stopJobs(): void {
  for (const timer of state.__covenantJobs?.timers.values() ?? []) clearTimeout(timer);
  state.__covenantJobs = undefined;
}
