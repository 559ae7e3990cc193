import path from "node:path";
import { defineConfig } from "prisma/config";

// Prisma 7 keeps the connection outside the schema. The CLI is only used for `generate` here:
// migrations run through the WebAssembly schema engine (scripts/migrate.ts, lib/db/migrate.ts).
export default defineConfig({
  schema: path.join("prisma", "schema"),
  migrations: { path: path.join("prisma", "migrations") },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/unused" },
});
