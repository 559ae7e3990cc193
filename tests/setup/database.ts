import { beforeAll } from "vitest";
import { dbAdapterFactory, isEmbedded } from "@/lib/db";
import { applyMigrations } from "@/lib/database/schema-engine";

const state = globalThis as unknown as { __migrated?: Promise<unknown> };

/** Each worker's embedded database is migrated once; the server one was migrated in global setup. */
beforeAll(async () => {
  if (isEmbedded()) state.__migrated ??= applyMigrations(dbAdapterFactory());
  await state.__migrated;
});
