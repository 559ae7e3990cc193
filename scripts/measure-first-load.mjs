#!/usr/bin/env node
/**
 * `npm run bench:bundles`: first-load JavaScript (gzip) of /login, /docs, /d/{id}/view and
 * /s/{id} in the production build, against issue 15's targets and the ceilings the tests
 * enforce (scripts/first-load.mjs), and whether any of their scripts carries zod's runtime.
 *
 * Builds unless `.next` holds a build of the current sources (scripts/lib.mjs; `--no-build`
 * measures .next as it is), then serves it
 * with `next start` on PORT (default 3400) over a fresh embedded database (the demo workspace is
 * seeded at start), signs in as the demo user through the desktop sign-in (its token as the
 * session cookie), takes the first document of /docs and a share link to it, and measures each
 * page as scripts/first-load.mjs does. Prints a table and every script of each page with
 * VERBOSE=1. Then the HTML of those pages, of /settings/preferences and of a signer's /sign page
 * (a signature request on that document, its link read from the development outbox): raw, gzip
 * and the part that is the RSC payload (the inline `self.__next_f.push` scripts, where the
 * messages the client components get travel); exits 1 when a page passes its ceiling or zod reaches it. Stops the server and removes
 * the database on the way out.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { FIRST_LOAD_BUDGETS_KB, FLOOR_PAGE, kb, measurePage } from "./first-load.mjs";
import { ensureBuilt, ensureGenerated } from "./lib.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const PORT = Number(process.env.PORT ?? 3400);
const BASE = `http://localhost:${PORT}`;
const DEMO = { email: "demo@example.com", password: "Demo-password-1" };
const log = (message) => console.log(`[bench:bundles] ${message}`);

// --no-build: measure the build in .next as it is (e.g. one made by `next build` of other sources).
if (!process.argv.includes("--no-build")) {
  await ensureGenerated();
  await ensureBuilt();
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "covenant-bundles-pglite-"));
// Files of its own: the shared ./storage holds the sealing certificate made under another secret.
const storageDir = mkdtempSync(path.join(os.tmpdir(), "covenant-bundles-storage-"));
const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: String(PORT),
  APP_URL: BASE,
  NEXTAUTH_URL: BASE,
  PGLITE_DIR: dataDir,
  STORAGE_DIR: storageDir,
  ENABLE_DEV_OUTBOX: "true",
  // The outbox answers callers on this machine: the server listens on loopback only.
  COVENANT_LISTEN_HOST: "127.0.0.1",
  NEXT_TELEMETRY_DISABLED: "1",
};
env.NEXTAUTH_SECRET ??= randomBytes(32).toString("base64url");
for (const name of ["DATABASE_URL", "SMTP_URL", "SEED_DEMO", "AUTO_MIGRATE"]) delete env[name];
const server = spawn(
  process.execPath,
  [path.join(root, "node_modules", "next", "dist", "bin", "next"), "start", "-p", String(PORT), "-H", "127.0.0.1"],
  {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  },
);
const exited = new Promise((resolve) => server.once("exit", resolve));

async function stop() {
  if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(storageDir, { recursive: true, force: true });
}
process.on("SIGINT", () => void stop().then(() => process.exit(130)));

let cookie = "";
let bearer = "";
async function get(pathname) {
  const response = await fetch(`${BASE}${pathname}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  if (response.status !== 200) throw new Error(`GET ${pathname}: ${response.status}`);
  return response.text();
}

async function waitForServer() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error("next start exited");
    try {
      if ((await fetch(`${BASE}/login`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the server did not answer within 2 minutes");
}

/** Bytes of the inline RSC payload of a page (the text of its `self.__next_f.push(…)` scripts). */
function rscPayloadBytes(html) {
  let bytes = 0;
  for (const [, body] of html.matchAll(/<script[^>]*>(self\.__next_f\.push\([\s\S]*?)<\/script>/g)) bytes += Buffer.byteLength(body);
  return bytes;
}

/**
 * A signer's /sign link to the document: the demo user adds a signer and sends the request; the
 * link is read from the development outbox (ENABLE_DEV_OUTBOX), as tests/e2e/fixtures/signing.ts does.
 */
async function signingLink(documentId) {
  const signer = `bench-signer-${Date.now()}@example.com`;
  for (const [pathname, body] of [
    ["/vapp/signatures", { documentId, firstName: "Bench", lastName: "Signer", email: signer }],
    ["/vapp/signatures/request", { documentId }],
  ]) {
    const response = await fetch(`${BASE}${pathname}`, {
      method: "POST",
      headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${pathname}: ${response.status} ${await response.text()}`);
  }
  for (let attempt = 0; attempt < 30; attempt++) {
    const outbox = await get(`/dev/outbox?to=${encodeURIComponent(signer)}`);
    const href = /href="(http[^"]*\/sign\?signed=[^"]+)"/.exec(outbox)?.[1];
    if (href) {
      const url = new URL(href.replace(/&amp;/g, "&"));
      return `${url.pathname}${url.search}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("no signing email in the outbox");
}

let failed = false;
try {
  await waitForServer();
  // Desktop sign-in: the token comes in the body; as the session cookie it opens the screens.
  const signIn = await fetch(`${BASE}/vapp/auth/provider/local/desktop`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO),
  });
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  bearer = (await signIn.json()).accessToken;
  const guestLogin = await get("/login");
  cookie = `next-auth.session-token=${bearer}`;
  const docsHtml = await get("/docs");
  const documentId = /\/d\/([A-Za-z0-9_-]+)\/view/.exec(docsHtml)?.[1];
  if (!documentId) throw new Error("no document on /docs (is the demo workspace seeded?)");
  const link = await fetch(`${BASE}/vapp/documents/${documentId}/links`, {
    method: "POST",
    headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "bench" }),
  });
  if (link.status !== 201) throw new Error(`share link: ${link.status} ${await link.text()}`);
  const sharePath = new URL((await link.json()).url).pathname;

  const cache = new Map();
  const pages = [
    { route: "/login", fetchText: (p) => (p === "/login" ? Promise.resolve(guestLogin) : get(p)) },
    { route: "/docs", path: "/docs" },
    { route: "/d/{id}/view", path: `/d/${documentId}/view` },
    { route: "/s/{id}", path: sharePath },
  ];
  const rows = [];
  const results = [];
  // A page with no client code of its own (/out): the framework and the root layout, what every
  // page loads. Each page's figure beyond it is its own code, whatever the framework weighs.
  const bare = await measurePage(get, FLOOR_PAGE, cache);
  for (const page of pages) {
    const result = await measurePage(page.fetchText ?? get, page.path ?? page.route, cache);
    results.push(result);
    const { target, ceiling, own } = FIRST_LOAD_BUDGETS_KB[page.route];
    const beyond = result.gzip - bare.gzip;
    const over = result.gzip > ceiling * 1000 || (own !== null && beyond > own * 1000);
    if (over || result.zodScripts.length) failed = true;
    rows.push({
      route: page.route,
      scripts: result.scripts.length,
      "raw KB": kb(result.raw),
      "gzip KB": kb(result.gzip),
      "beyond /out KB": kb(beyond),
      "own allowance KB": own ?? "–",
      "allowance met": own === null ? "–" : beyond <= own * 1000 ? "yes" : "no",
      "target KB": target ?? "–",
      "target met": target === null ? "–" : result.gzip <= target * 1000 ? "yes" : "no",
      "ceiling KB": ceiling,
      zod: result.zodScripts.length ? result.zodScripts.join(" ") : "no",
    });
    if (process.env.VERBOSE)
      for (const s of result.scripts)
        console.log(`  ${page.route}  ${kb(s.gzip).padStart(6)} KB gzip  ${kb(s.raw).padStart(7)} KB  ${s.zod ? "zod " : ""}${s.src}`);
  }
  console.table(rows);
  log(`/out (no client code of its own: the framework and the root layout): ${kb(bare.gzip)} KB gzip in ${bare.scripts.length} scripts`);
  // What every page loads: Next's and React's runtime and the root layout's components.
  const shared = results[0].scripts.filter((s) => results.every((r) => r.scripts.some((other) => other.src === s.src)));
  log(`shared by every page: ${shared.length} scripts, ${kb(shared.reduce((sum, s) => sum + s.gzip, 0))} KB gzip`);

  // The HTML itself: what the server renders and sends before any script.
  const htmlPages = [
    { route: "/login", html: guestLogin },
    { route: "/docs", html: docsHtml },
    { route: "/d/{id}/view", html: await get(`/d/${documentId}/view`) },
    { route: "/settings/preferences", html: await get("/settings/preferences") },
    { route: "/s/{id}", html: await get(sharePath) },
  ];
  const signPath = await signingLink(documentId).catch((error) => {
    log(`no /sign page measured: ${error instanceof Error ? error.message : error}`);
    return null;
  });
  if (signPath) {
    const saved = cookie;
    cookie = "";
    htmlPages.push({ route: "/sign", html: await get(signPath) });
    cookie = saved;
  }
  console.table(
    htmlPages.map(({ route, html }) => ({
      route,
      "HTML KB": kb(Buffer.byteLength(html)),
      "HTML gzip KB": kb(gzipSync(html, { level: 9 }).length),
      "RSC payload KB": kb(rscPayloadBytes(html)),
    })),
  );
} catch (error) {
  failed = true;
  console.error(`[bench:bundles] ${error instanceof Error ? error.message : error}`);
} finally {
  await stop();
}
log(
  failed
    ? "a page is over its ceiling or its own allowance, zod reached a page, or the measurement failed"
    : "every page within its ceiling and its own allowance beyond /out, no zod in the browser",
);
process.exit(failed ? 1 : 0);
