/**
 * Runs once when the server starts: refuses a public or missing secret (lib/auth/secret.ts),
 * brings the database up to date and, on an empty database, seeds the demo workspace (README
 * shows its sign-in) while the server already answers (a new embedded database made from the
 * build's template even opens meanwhile: lib/database/template.ts); then starts the durable job
 * queue once the database is ready (lib/jobs/queue.ts; DISABLE_JOBS=1 leaves the work to other
 * processes), checks whether sealing can work, and readies GraphQL over WebSocket for the server's
 * entry (scripts/server.mjs). Node runtime only, never during `next build`.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  // A production server with a public or missing secret does not start.
  const { refuseToStartWithoutSecret } = await import("@/lib/auth/secret");
  refuseToStartWithoutSecret();
  // GraphQL subscriptions over WebSocket: the server's entry (scripts/server.mjs) hands /graphql
  // upgrades to this, which lives in Next's build with the rest of the app.
  const { graphqlWebSocket } = await import("@/lib/graphql/ws");
  const reach = globalThis as { __covenantGraphqlWebSocket?: ReturnType<typeof graphqlWebSocket> };
  reach.__covenantGraphqlWebSocket ??= graphqlWebSocket();
  // The jobs this process serves and sends, handed to the queue before anything (the demo seed
  // included) opens it: the queue knows none of its own (lib/registry/jobs.ts).
  const { declareJobs, startJobs } = await import("@/lib/jobs/queue");
  const { JOBS } = await import("@/lib/registry/jobs");
  declareJobs(JOBS);
  const { prepareDatabase } = await import("@/lib/registry/prepare-database");
  const { embeddedFromTemplate } = await import("@/lib/db");
  const preparing = prepareDatabase({ seedInBackground: true });
  // A new embedded database made from the build's template has its schema from the first query:
  // the server answers while it opens (queries wait for it). Otherwise the migrations come first.
  if (embeddedFromTemplate()) preparing.catch((error) => console.error("Database: preparation failed:", error));
  else await preparing;
  // The job queue starts beside the server once the database is ready, never before its first answer.
  preparing.then(() => startJobs()).catch((error) => console.error("[jobs] the job queue did not start", error));
  // Whether sealing can work (certificate, time-stamping authority), said once in the log (lib/sealing/sealing-health.ts),
  // a few seconds after the start so that making a first certificate never delays the first answers.
  const { logSealingHealth } = await import("@/lib/sealing/sealing-health");
  preparing
    .then(() => {
      setTimeout(() => logSealingHealth().catch((error) => console.error("[sealing] the health check failed", error)), 5_000).unref();
    })
    .catch(() => undefined);
}
