/**
 * `npm test`: every test. Unit and integration tests (Vitest) on the embedded database, or on
 * the PostgreSQL server when DATABASE_URL is set; then the production build and the browser
 * tests (Playwright in Chromium) against it, on the same kind of database.
 *
 * E2E_SCOPE=smoke runs only the browser tests tagged @smoke (a walk through each kind of person:
 * sign-up, sign-in, templates, sharing, approval, signing, sealing, live counts). CI runs the
 * whole browser suite on the PostgreSQL server and this walk on the embedded database, where
 * Vitest runs whole on both (docs/benchmarks.md, "CI time").
 */
import { ensureBuilt, ensureGenerated, run, bin } from "./lib.mjs";
import { onFittingNode } from "./with-node.mjs";

// On a machine whose node is older than engines.node, everything below runs on the Node in .tools/.
await onFittingNode();
await ensureGenerated();
const vitest = await run(bin("vitest"), ["run"]);
if (vitest !== 0) process.exit(vitest);
await ensureBuilt();
const scope = process.env.E2E_SCOPE === "smoke" ? ["--grep", "@smoke"] : [];
const playwright = await run(bin("playwright"), ["test", ...scope]);
process.exit(playwright);
