/** Applies pending migrations to DATABASE_URL, or to the embedded database when it is unset. */
import { disconnectDb, isEmbedded } from "@/lib/db";
import { migrateDatabase } from "@/lib/database/migrate-database";

const applied = await migrateDatabase();
console.log(`${isEmbedded() ? "embedded database" : "DATABASE_URL"}: ${applied.length ? `applied ${applied.join(", ")}` : "up to date"}`);
await disconnectDb();
