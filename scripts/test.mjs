/**
 * `npm test`: every test. Unit and integration tests (Vitest) on the embedded database, or on
 * the PostgreSQL server when DATABASE_URL is set; then the production build and the browser
 * tests (Playwright in Chromium) against it, on the same kind of database.
 */
import { ensureBuilt, ensureGenerated, run, bin } from "./lib.mjs";

await ensureGenerated();
const vitest = await run(bin("vitest"), ["run"]);
if (vitest !== 0) process.exit(vitest);
await ensureBuilt();
const playwright = await run(bin("playwright"), ["test"]);
process.exit(playwright);
