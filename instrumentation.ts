/**
 * Runs once when the server starts: brings the database up to date and, on an empty database,
 * seeds the demo workspace (README shows its sign-in) while the server already answers; then starts the background jobs (the
 * document expiry job, hourly; off with DISABLE_JOBS=1). Node runtime only, never during
 * `next build`.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { prepareDatabase } = await import("@/lib/database/prepare-database");
  await prepareDatabase({ seedInBackground: true });
  if (process.env.DISABLE_JOBS !== "1") {
    const { scheduleJobs } = await import("@/lib/jobs/schedule-jobs");
    scheduleJobs();
  }
}
