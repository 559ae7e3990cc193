/**
 * Runs once when the server starts: brings the database up to date and, on an empty database,
 * seeds the demo workspace (README shows its sign-in); then starts the durable job queue
 * (lib/jobs/queue.ts: the document expiry job hourly, the PDF text backfill every ten minutes;
 * DISABLE_JOBS=1 leaves the work to other processes). Node runtime only, never during
 * `next build`.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { prepareDatabase } = await import("@/lib/database/prepare-database");
  await prepareDatabase();
  // The job queue starts beside the server, not before its first answer (pg-boss's schema takes a moment on PGlite).
  const { startJobs } = await import("@/lib/jobs/queue");
  startJobs()?.catch((error) => console.error("[jobs] the job queue did not start", error));
}
