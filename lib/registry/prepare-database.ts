import { db, embeddedDatabase, isEmbedded, withAdvisoryLock } from "@/lib/db";
import { migrateDatabase } from "@/lib/database/migrate-database";
import { saveDatabaseTemplate } from "@/lib/database/template";
import { seedingDemo } from "@/lib/database/demo-seed";
import { seedDemo } from "./seed-demo";
import { syncProducts } from "@/lib/billing/sync-products";

let prepared: Promise<void> | undefined;

/** Our advisory lock around seeding ("covs" in ASCII). */
const SEED_LOCK = 0x636f7673;

/**
 * Applies pending migrations (always on the embedded database, a fresh one in one batch:
 * migrateEmbeddedInOneBatch; on a server unless AUTO_MIGRATE=false) and seeds an empty database
 * with the demo workspace (unless SEED_DEMO=false). With `seedInBackground` (the server's start)
 * it returns once the schema is ready and the demo workspace follows meanwhile: the server answers
 * at once, and password sign-in waits for the seed (demoSeeded).
 */
export function prepareDatabase(options: { seedInBackground?: boolean } = {}): Promise<void> {
  if (prepared) return prepared;
  // Password sign-in waits for the whole preparation, the demo workspace included (demoSeeded).
  let ready!: () => void;
  seedingDemo(new Promise<void>((resolve) => (ready = resolve)));
  prepared = (async () => {
    if (isEmbedded() || process.env.AUTO_MIGRATE !== "false") {
      const embedded = embeddedDatabase();
      const applied = await migrateDatabase();
      if (applied.length) console.log(`Database: applied ${applied.join(", ")}`);
      // The first fresh start of a build keeps its migrated empty database for the next ones.
      if (embedded && applied.length && (await db.user.count()) === 0) {
        await saveDatabaseTemplate(embedded).catch((error) => console.warn("Database: no template kept:", error));
      }
    }
    // The plans follow lib/billing/plans.ts and the configured Stripe prices.
    await syncProducts();
    if (process.env.SEED_DEMO !== "false" && (await db.user.count()) === 0) {
      // Another process started on the same empty database seeds it once: the second, waiting on
      // SEED_LOCK, then finds its users.
      const seed = withAdvisoryLock(SEED_LOCK, async () => {
        if ((await db.user.count()) > 0) return;
        await seedDemo();
        console.log("Database: seeded the demo workspace (demo@example.com / Demo-password-1)");
      }).catch((error) => console.error("Database: the demo workspace could not be seeded:", error));
      void seed.finally(ready);
      if (!options.seedInBackground) await seed;
    } else ready();
  })();
  prepared.catch(() => ready());
  return prepared;
}
