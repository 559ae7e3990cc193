/**
 * `npm run start:demo`: the app on http://localhost:$PORT (3000 unless PORT is set) with its
 * embedded database in ./data/pglite (migrated and seeded with the demo workspace on first start).
 *
 * It listens on 127.0.0.1 only, unless HOST names another address (`HOST=0.0.0.0` for every
 * interface). Its secret is made at the first start and kept in ./data/secret (lib/auth/secret.ts),
 * unless NEXTAUTH_SECRET is set. Without SMTP, emails go to the outbox at /dev/outbox, which
 * answers only callers on this machine (lib/email/find-outbox-emails.ts).
 */
import { ensureBuilt, ensureGenerated, run } from "./lib.mjs";
import { serverNodeOptions } from "./server-options.mjs";
import { onFittingNode } from "./with-node.mjs";

const port = process.env.PORT || "3000";
const host = process.env.HOST || "127.0.0.1";
// Emailed links and sign-in redirects use APP_URL: by default, the address served here.
const appUrl = process.env.APP_URL || `http://localhost:${port}`;

// On a machine whose node is older than engines.node, everything below runs on the Node in .tools/.
await onFittingNode();
await ensureGenerated();
await ensureBuilt();
console.log(`\nListening on ${host}:${port}${host === "127.0.0.1" ? " (this machine only; HOST=0.0.0.0 for every interface)" : ""}.`);
console.log(`Sign in at ${appUrl} as demo@example.com / Demo-password-1\n`);
process.exit(
  // The app's server: Next plus GraphQL subscriptions over WebSocket (scripts/server.mjs).
  await run(process.execPath, ["scripts/server.mjs", "-p", port, "-H", host], {
    APP_URL: appUrl,
    NODE_OPTIONS: serverNodeOptions(),
    COVENANT_LISTEN_HOST: host,
    ENABLE_DEV_OUTBOX: process.env.ENABLE_DEV_OUTBOX ?? (process.env.SMTP_URL ? "false" : "true"),
  }),
);
