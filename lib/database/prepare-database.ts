import { db, dbAdapterFactory, isEmbedded } from "@/lib/db";
import { seedDemo } from "./seed-demo";
import { applyMigrations } from "./schema-engine";

let prepared: Promise<void> | undefined;

/**
 * Applies pending migrations (always on the embedded database; on a server unless
 * AUTO_MIGRATE=false) and seeds an empty database with the demo workspace (unless SEED_DEMO=false).
 */
export function prepareDatabase(): Promise<void> {
  prepared ??= (async () => {
    if (isEmbedded() || process.env.AUTO_MIGRATE !== "false") {
      const applied = await applyMigrations(dbAdapterFactory());
      if (applied.length) console.log(`Database: applied ${applied.join(", ")}`);
    }
    if (process.env.SEED_DEMO !== "false" && (await db.user.count()) === 0) {
      await seedDemo();
      console.log("Database: seeded the demo workspace (demo@example.com / Demo-password-1)");
    }
  })();
  return prepared;
}
