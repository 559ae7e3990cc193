import { beforeAll } from "vitest";
import { dbAdapterFactory, isEmbedded } from "@/lib/db";
import { applyMigrations } from "@/lib/database/schema-engine";
import { declareJobs } from "@/lib/jobs/queue";

// Every job, as the server declares them (instrumentation.ts); loaded only when a test opens a queue.
declareJobs(async () => (await import("@/lib/registry/jobs")).JOBS);

const state = globalThis as unknown as { __migrated?: Promise<unknown> };

/** Each worker's embedded database is migrated once; the server one was migrated in global setup. */
beforeAll(async () => {
  if (isEmbedded()) state.__migrated ??= applyMigrations(dbAdapterFactory());
  await state.__migrated;
});
