/**
 * `npm run start:demo`: the app on http://localhost:3000 with its embedded database in
 * ./data/pglite (migrated and seeded with the demo workspace on first start).
 */
import { ensureBuilt, ensureGenerated, run, bin } from "./lib.mjs";

await ensureGenerated();
await ensureBuilt();
console.log("\nSign in at http://localhost:3000 as demo@example.com / Demo-password-1\n");
process.exit(
  await run(bin("next"), ["start", "-p", process.env.PORT ?? "3000"], {
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "local-demo-secret-change-me-in-production-0001",
    // Without SMTP, emails go to the outbox at /dev/outbox.
    ENABLE_DEV_OUTBOX: process.env.ENABLE_DEV_OUTBOX ?? (process.env.SMTP_URL ? "false" : "true"),
  }),
);
