/** Applies pending migrations to DATABASE_URL, or to the embedded database when it is unset. */
import { dbAdapterFactory, disconnectDb, isEmbedded } from "@/lib/db";
import { applyMigrations } from "@/lib/database/schema-engine";

const applied = await applyMigrations(dbAdapterFactory());
console.log(`${isEmbedded() ? "embedded database" : "DATABASE_URL"}: ${applied.length ? `applied ${applied.join(", ")}` : "up to date"}`);
await disconnectDb();
