import { db, dbAdapterFactory, embeddedDatabase, isEmbedded } from "@/lib/db";
import { migrateEmbeddedInOneBatch } from "./migrate-in-one-batch";
import { saveDatabaseTemplate } from "./template";
import { seedingDemo } from "./demo-seed";
import { seedDemo } from "./seed-demo";
import { applyMigrations } from "./schema-engine";
import { syncProducts } from "@/lib/billing/sync-products";

let prepared: Promise<void> | undefined;

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
      const applied = (embedded && (await migrateEmbeddedInOneBatch(embedded))) || (await applyMigrations(dbAdapterFactory()));
      if (applied.length) console.log(`Database: applied ${applied.join(", ")}`);
      // The first fresh start of a build keeps its migrated empty database for the next ones.
      if (embedded && applied.length && (await db.user.count()) === 0) {
        await saveDatabaseTemplate(embedded).catch((error) => console.warn("Database: no template kept:", error));
      }
    }
    // The plans follow lib/billing/plans.ts and the configured Stripe prices.
    await syncProducts();
    if (process.env.SEED_DEMO !== "false" && (await db.user.count()) === 0) {
      const seed = seedDemo().then(
        () => console.log("Database: seeded the demo workspace (demo@example.com / Demo-password-1)"),
        (error) => console.error("Database: the demo workspace could not be seeded:", error),
      );
      void seed.finally(ready);
      if (!options.seedInBackground) await seed;
    } else ready();
  })();
  prepared.catch(() => ready());
  return prepared;
}
