/** `npm run db:seed`: migrates and seeds the demo workspace into an empty database. */
import { disconnectDb } from "@/lib/db";
import { prepareDatabase } from "@/lib/registry/prepare-database";

await prepareDatabase();
await disconnectDb();
