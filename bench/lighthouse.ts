/**
 * Lighthouse on the signer's page (`npm run bench:lighthouse`, issue 16: mobile performance ≥ 95).
 *
 * 1. Makes a fresh database BENCH_LIGHTHOUSE_DB (default covenant_bench_lighthouse) on the
 *    PostgreSQL server BENCH_DATABASE_URL, migrates it, and seeds through the app's services a
 *    workspace with a two-page PDF contract, one signer with a signature box, and the request:
 *    the signer's link is read from the outbox as the email carries it.
 * 2. Serves it with `next start` of the production build in BENCH_APP_DIR (default: this project;
 *    `npm run build` first) on BENCH_PORT (default: the first free port from 3300).
 * 3. Opens /sign?signed=… once (as the signer's email client would hand it to the browser), so the
 *    server has rendered the page images it keeps, then runs Lighthouse 12.8 (mobile: its default
 *    form factor, simulated slow 4G and 4× CPU slowdown) BENCH_LIGHTHOUSE_RUNS times (3) with
 *    Chromium (CHROME_PATH, default /usr/bin/chromium) and reports the median run's performance
 *    score, its metrics and what Lighthouse flags.
 * 4. Prints the results and writes them into docs/benchmarks.md between the lighthouse markers
 *    (BENCH_WRITE=false: print only). The database is dropped at the end (BENCH_KEEP_DB=true keeps it).
 *
 * A timing measure, not a CI test: the score moves with the machine's load.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";
import { numberEnv, portIsFree, ROOT, type Server, sleep, startNextServer, stopServer, writeBenchResults } from "./common";
import { databaseUrl, dropBenchDatabase } from "./seed-documents";

const run = promisify(execFile);
process.chdir(ROOT);

const config = {
  baseDatabaseUrl: process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
  dbName: process.env.BENCH_LIGHTHOUSE_DB ?? "covenant_bench_lighthouse",
  appDir: path.resolve(process.env.BENCH_APP_DIR ?? ROOT),
  port: process.env.BENCH_PORT ? numberEnv("BENCH_PORT", 3300) : undefined,
  runs: numberEnv("BENCH_LIGHTHOUSE_RUNS", 3),
  chrome: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  write: process.env.BENCH_WRITE !== "false",
  keepDb: process.env.BENCH_KEEP_DB === "true",
};
const TARGET = 95;
const CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage";
const METRICS = [
  ["first-contentful-paint", "First Contentful Paint"],
  ["largest-contentful-paint", "Largest Contentful Paint"],
  ["total-blocking-time", "Total Blocking Time"],
  ["cumulative-layout-shift", "Cumulative Layout Shift"],
  ["speed-index", "Speed Index"],
] as const;

const log = (message: string) => console.log(`[bench:lighthouse] ${message}`);

type Audit = { id: string; title: string; score: number | null; scoreDisplayMode: string; displayValue?: string; numericValue?: number };
type Report = {
  lighthouseVersion: string;
  categories: { performance: { score: number } };
  audits: Record<string, Audit>;
  configSettings: { formFactor: string; throttlingMethod: string };
};

async function freePort(): Promise<number> {
  if (config.port) {
    if (!(await portIsFree(config.port))) throw new Error(`port ${config.port} is in use (set BENCH_PORT).`);
    return config.port;
  }
  for (let port = 3300; port < 3400; port++) if (await portIsFree(port)) return port;
  throw new Error("no free port between 3300 and 3399 (set BENCH_PORT).");
}

/** A fresh database with the app's schema, and a signer's link to a two-page contract. */
async function seed(storageDir: string): Promise<string> {
  await dropBenchDatabase(config.baseDatabaseUrl, config.dbName);
  const admin = postgres(config.baseDatabaseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${config.dbName}"`).finally(() => admin.end());
  process.env.DATABASE_URL = databaseUrl(config.baseDatabaseUrl, config.dbName);
  process.env.STORAGE_DIR = storageDir;
  process.env.SEED_DEMO = "false";
  process.env.DISABLE_JOBS = "1";
  const { prepareDatabase } = await import("../lib/registry/prepare-database");
  await prepareDatabase();
  const { db, disconnectDb } = await import("../lib/db");
  const { createAccount, signedInAs } = await import("../tests/factories");
  const { makeTextPdf } = await import("../tests/fixtures/pdf");
  const { createDocumentFromUpload } = await import("../lib/documents/create-document");
  const { addSigner } = await import("../lib/signatures/manage-signers");
  const { saveSignaturePlaceholders } = await import("../lib/signatures/save-placeholders");
  const { requestSignatures } = await import("../lib/signatures/request-signatures");
  const { account, owner } = await createAccount("Lighthouse");
  const { ctx } = await signedInAs(owner.id, account.id);
  const pdf = await makeTextPdf([
    ["Service agreement between Acme Ltd and Beta SL.", "Clause 1: Beta provides the services described in Annex A."],
    ["Clause 2: fees are paid monthly.", "Signed by the parties below."],
  ]);
  const document = await createDocumentFromUpload(ctx, { name: "Service agreement" }, { name: "agreement.pdf", bytes: pdf });
  const email = "lighthouse-signer@example.test";
  const signer = await addSigner(ctx, document.id, { email, firstName: "Lena", lastName: "Signer", order: 1 });
  await saveSignaturePlaceholders(ctx, document.id, [
    { signatureId: signer.id, keyName: "signature", kind: "signature", required: true, page: 2, x: 0.1, y: 0.7, width: 0.3, height: 0.08 },
  ]);
  await requestSignatures(ctx, document.id);
  const mail = await db.outboxEmail.findFirstOrThrow({
    where: { to: email, template: "signatureRequest" },
    orderBy: { createdAt: "desc" },
  });
  const token = decodeURIComponent(mail.text.match(/signed=([^\s&]+)/)![1]!);
  await disconnectDb();
  return token;
}

async function waitUntilReady(server: Server, origin: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`next start exited early:\n${server.output()}`);
    if (
      await fetch(`${origin}/vapp/auth/csrf`, { signal: AbortSignal.timeout(5_000) }).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await sleep(250);
  }
  throw new Error(`${origin} did not answer in time`);
}

/** The page once, and each page image it shows, as a browser would fetch them. */
async function warm(url: string, origin: string): Promise<void> {
  const response = await fetch(url);
  const html = await response.text();
  if (!response.ok || !html.includes("signature-pad")) throw new Error(`/sign answered ${response.status}: ${html.slice(0, 300)}`);
  const images = [...html.matchAll(/<img[^>]+src="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
  await Promise.all(images.map((src) => fetch(new URL(src, origin)).then((r) => r.arrayBuffer())));
}

async function lighthouse(url: string, outDir: string, index: number): Promise<Report> {
  const bin = path.join(config.appDir, "node_modules", ".bin", "lighthouse");
  const output = path.join(outDir, `run-${index}.json`);
  await run(
    bin,
    [url, "--only-categories=performance", "--output=json", `--output-path=${output}`, `--chrome-flags=${CHROME_FLAGS}`, "--quiet"],
    { env: { ...process.env, CHROME_PATH: config.chrome }, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
  );
  return JSON.parse(readFileSync(output, "utf8")) as Report;
}

const score = (report: Report) => Math.round(report.categories.performance.score * 100);

/** What Lighthouse flags on the page: opportunities and diagnostics that did not pass. */
function flagged(report: Report): string[] {
  return Object.values(report.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && ["numeric", "binary", "metricSavings"].includes(a.scoreDisplayMode))
    .filter((a) => !METRICS.some(([id]) => id === a.id))
    .map((a) => `${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`);
}

function markdown(reports: Report[], median: Report, meta: Record<string, string>): string {
  const lines = [
    `Run of ${meta.date}. Lighthouse ${median.lighthouseVersion}, ${median.configSettings.formFactor}, ${median.configSettings.throttlingMethod} throttling (its mobile defaults: slow 4G, 4× CPU slowdown), on \`/sign?signed=…\` of a two-page PDF with one signature box; ${reports.length} runs, the median by score reported.`,
    "",
    "| Run | Performance | " + METRICS.map(([, title]) => title).join(" | ") + " |",
    "| --- | ---: | " + METRICS.map(() => "---:").join(" | ") + " |",
  ];
  for (const [i, report] of reports.entries())
    lines.push(
      `| ${i + 1}${report === median ? " (median)" : ""} | ${score(report)} | ` +
        METRICS.map(([id]) => report.audits[id]?.displayValue ?? "").join(" | ") +
        " |",
    );
  const flags = flagged(median);
  lines.push(
    "",
    `**Performance ${score(median)}** (target ≥ ${TARGET}: ${score(median) >= TARGET ? "met" : "not met"}).`,
    "",
    flags.length ? `Flagged by Lighthouse: ${flags.join("; ")}.` : "Lighthouse flags nothing else on the page.",
    "",
    ...Object.entries(meta)
      .filter(([key]) => key !== "date")
      .map(([key, value]) => `- ${key}: ${value}`),
  );
  return lines.join("\n");
}

async function main(): Promise<void> {
  if (!existsSync(path.join(config.appDir, ".next", "BUILD_ID")))
    throw new Error(`no production build in ${config.appDir}/.next: run \`npm run build\` there first.`);
  if (!existsSync(config.chrome)) throw new Error(`no Chromium at ${config.chrome} (set CHROME_PATH).`);
  const loadBefore = os.loadavg();
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const storageDir = mkdtempSync(path.join(os.tmpdir(), "covenant-bench-lighthouse-"));
  const outDir = mkdtempSync(path.join(os.tmpdir(), "covenant-lighthouse-"));
  process.env.NEXTAUTH_SECRET = randomBytes(32).toString("base64url");
  let server: Server | undefined;
  try {
    log(`seeding ${config.dbName}`);
    const token = await seed(storageDir);
    server = startNextServer(config.appDir, port, {
      DATABASE_URL: process.env.DATABASE_URL,
      STORAGE_DIR: storageDir,
      NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET,
      DISABLE_JOBS: "1",
      SEED_DEMO: "false",
      AUTO_MIGRATE: "false",
    });
    await waitUntilReady(server, origin);
    const url = `${origin}/sign?signed=${encodeURIComponent(token)}`;
    await warm(url, origin);
    log(`next start answers on ${origin}; running Lighthouse ${config.runs} times on /sign`);
    const reports: Report[] = [];
    for (let i = 0; i < config.runs; i++) {
      const report = await lighthouse(url, outDir, i + 1);
      reports.push(report);
      log(
        `run ${i + 1}: performance ${score(report)}; ` +
          METRICS.map(([id, title]) => `${title} ${report.audits[id]?.displayValue ?? "?"}`).join(", "),
      );
    }
    const sorted = [...reports].sort((a, b) => score(a) - score(b));
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const cpus = os.cpus();
    const meta = {
      date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
      Server: `\`next start\` of the production build in ${config.appDir === ROOT ? "this project" : config.appDir}, PostgreSQL ${config.dbName}`,
      Browser: `${config.chrome} (${CHROME_FLAGS})`,
      Node: process.version,
      CPUs: `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown"}`,
      "Load average before the run": `${loadBefore.map((l) => l.toFixed(2)).join(" / ")} (1 / 5 / 15 min)`,
    };
    const results = markdown(reports, median, meta);
    console.log(`\n${results}\n`);
    if (config.write) {
      writeBenchResults("lighthouse", "Lighthouse: the signer's page (mobile)", results);
      log("wrote docs/benchmarks.md");
    }
  } catch (error) {
    if (server) console.error(`[bench:lighthouse] server output (last lines):\n${server.output().slice(-4_000)}`);
    throw error;
  } finally {
    if (server) await stopServer(server);
    rmSync(storageDir, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
    if (!config.keepDb) await dropBenchDatabase(config.baseDatabaseUrl, config.dbName);
  }
}

main().catch((error: unknown) => {
  console.error(`[bench:lighthouse] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
