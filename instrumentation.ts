/**
 * Runs once when the server starts: brings the database up to date and, on an empty database,
 * seeds the demo workspace (README shows its sign-in).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { prepareDatabase } = await import("@/lib/database/prepare-database");
  await prepareDatabase();
}
