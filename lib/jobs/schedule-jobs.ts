import { markExpiringDocuments } from "./document-expiry";

/** How often the expiry job runs, and how long after start the first run waits. */
export const EXPIRY_INTERVAL_MS = 60 * 60 * 1000;
export const FIRST_RUN_DELAY_MS = 60 * 1000;

const state = globalThis as unknown as { __covenantJobs?: { timers: NodeJS.Timeout[] } };

/**
 * Starts the background jobs of this server process: the document expiry job once shortly after
 * start, then every hour. A run never overlaps the previous one; failures are logged and the
 * next run tries again. Timers are unref'd so they never keep the process alive, and a second
 * call (dev reloads) starts nothing new. `DISABLE_JOBS=1` turns them off (several app
 * instances on one database may leave them to one).
 */
export function scheduleJobs(): void {
  if (process.env.DISABLE_JOBS === "1" || state.__covenantJobs) return;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const moved = await markExpiringDocuments();
      if (moved.expired || moved.toExpire) console.info(`[jobs] document expiry: ${moved.toExpire} to expire, ${moved.expired} expired`);
    } catch (error) {
      console.error("[jobs] document expiry failed", error);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(run, FIRST_RUN_DELAY_MS);
  const every = setInterval(run, EXPIRY_INTERVAL_MS);
  first.unref();
  every.unref();
  state.__covenantJobs = { timers: [first, every] };
}

/** Stops the jobs (tests). */
export function stopJobs(): void {
  for (const timer of state.__covenantJobs?.timers ?? []) clearTimeout(timer);
  state.__covenantJobs = undefined;
}
