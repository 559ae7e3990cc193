/**
 * `npm run start:demo`: the app on http://localhost:$PORT (3000 unless PORT is set) with its
 * embedded database in ./data/pglite (migrated and seeded with the demo workspace on first start).
 */
import { ensureBuilt, ensureGenerated, run, bin } from "./lib.mjs";
import { serverNodeOptions } from "./server-options.mjs";
import { onFittingNode } from "./with-node.mjs";

const port = process.env.PORT || "3000";
// Emailed links and sign-in redirects use APP_URL: by default, the address served here.
const appUrl = process.env.APP_URL || `http://localhost:${port}`;

// On a machine whose node is older than engines.node, everything below runs on the Node in .tools/.
await onFittingNode();
await ensureGenerated();
await ensureBuilt();
console.log(`\nSign in at ${appUrl} as demo@example.com / Demo-password-1\n`);
process.exit(
  await run(bin("next"), ["start", "-p", port], {
    APP_URL: appUrl,
    NODE_OPTIONS: serverNodeOptions(),
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "local-demo-secret-change-me-in-production-0001",
    // Without SMTP, emails go to the outbox at /dev/outbox.
    ENABLE_DEV_OUTBOX: process.env.ENABLE_DEV_OUTBOX ?? (process.env.SMTP_URL ? "false" : "true"),
  }),
);
