/**
 * Benchmark of the /docs screen at 100,000 documents against an empty signed-in page
 * (`npm run bench:pages`, issue 15).
 *
 * 1. Uses the documents benchmark's database BENCH_DOCS_DB (default covenant_bench_docs): seeds
 *    it through bench/seed-documents.ts when it is missing or holds another number of documents
 *    (BENCH_DOCS_COUNT, default 100,000), else reuses it after applying any new migration.
 * 2. In this process, runs the screens' own data loading (the request context, the user, and
 *    loadDocumentList or loadDocumentView, with a page's request memo) with Prisma's query events on, and prints each
 *    SQL statement it sends with EXPLAIN (ANALYZE, TIMING OFF, BUFFERS) of it (without timing
 *    each plan node: timing them doubled the cost of a count of 10,000 index entries); a
 *    sequential scan of "Document" is flagged.
 * 3. Serves the database with `next start` of the production build in BENCH_APP_DIR (default: this
 *    project; `npx next build` first) on BENCH_PORT (default 3200), or uses BENCH_URL, signs in as
 *    the workspace's administrator (session cookie, as a browser), and measures with autocannon at
 *    BENCH_CONNECTIONS (10) for BENCH_DURATION seconds (12) a page, cut into BENCH_ROUNDS (3)
 *    slices alternated with slices of the reference: the reference, /docs, the reference, /docs
 *    filtered by a tag no document has (the page without its rows: no target of its own), the
 *    reference, /docs?q=<BENCH_SEARCH_WORD> (2 % of the documents), the reference,
 *    /docs?q=<BENCH_COMMON_WORD> (about half of them), the reference, / (the dashboard, with its
 *    work queue: no target of its own), the reference, / as a Member who wrote and owns no document
 *    (BENCH_MEMBER: the dashboard of most members of a large workspace), the reference,
 *    /d/{id}/view (the most recently updated document, whose Word file the bench writes into the
 *    server's storage: the seed stores none; no target of its own but its statements), the
 *    reference, /docs… Each page is divided by the mean of the reference's slices just before and
 *    after its own (seconds apart), as other work on the machine moves both alike.
 * 4. Prints the results and writes them into docs/benchmarks.md between the pages markers
 *    (BENCH_WRITE=false: print only). The database is kept (BENCH_DROP_DB=true drops it).
 *
 * The reference is /settings/preferences: a signed-in page with the shell and the user's own
 * row only (the signed-in page with the least data; the same guard and shell as /docs).
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import postgres from "postgres";
import { numberEnv, portIsFree, processCpu, ROOT, type Server, sleep, startNextServer, stopServer, writeBenchResults } from "./common";
import type { ServiceContext } from "../lib/auth/context";
import {
  BENCH_MEMBER,
  BENCH_USER,
  databaseUrl,
  dropBenchDatabase,
  ensureBenchMember,
  SEARCH_WORDS,
  seedAuditTrail,
  seedDocuments,
} from "./seed-documents";

type AutocannonResult = {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  mismatches: number;
  non2xx: number;
  duration: number;
};
type AutocannonOptions = {
  url: string;
  headers?: Record<string, string>;
  connections?: number;
  duration?: number;
  timeout?: number;
  verifyBody?: (body: string) => boolean;
};
const autocannon = createRequire(import.meta.url)("autocannon") as (options: AutocannonOptions) => PromiseLike<AutocannonResult>;

process.chdir(ROOT);

const config = {
  baseDatabaseUrl: process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
  dbName: process.env.BENCH_DOCS_DB ?? "covenant_bench_docs",
  count: numberEnv("BENCH_DOCS_COUNT", 100_000),
  benchUrl: process.env.BENCH_URL?.replace(/\/$/, ""),
  appDir: path.resolve(process.env.BENCH_APP_DIR ?? ROOT),
  port: numberEnv("BENCH_PORT", 3200),
  connections: numberEnv("BENCH_CONNECTIONS", 10),
  duration: numberEnv("BENCH_DURATION", 12),
  // Each page's time is cut into this many slices, each between two slices of the reference: on a
  // shared machine the reference's own throughput moved by a third within one run (2026-11-28),
  // and slices alternated closely see the same machine.
  rounds: numberEnv("BENCH_ROUNDS", 3),
  // Seconds each page runs before any is measured: after 3 s, /docs and the reference still got
  // faster from run to run (their code compiled and optimised as it ran), up to 1.5x (2026-11-28).
  warmup: numberEnv("BENCH_WARMUP", 10),
  searchWord: process.env.BENCH_SEARCH_WORD ?? SEARCH_WORDS.uncommon,
  // A word in about half the documents: a search that finds more than the rank limit.
  commonWord: process.env.BENCH_COMMON_WORD ?? SEARCH_WORDS.common,
  dropDb: process.env.BENCH_DROP_DB === "true",
  write: process.env.BENCH_WRITE !== "false",
};
const origin = config.benchUrl ?? `http://127.0.0.1:${config.port}`;
const benchDbUrl = databaseUrl(config.baseDatabaseUrl, config.dbName);
const REFERENCE = "/settings/preferences";
/** The issue's targets: throughput at 10 connections against the reference's, and statements per load. */
const TARGETS = { docs: 0.6, search: 0.5, statements: 8, viewStatements: 10 };

const log = (message: string) => console.log(`[bench:pages] ${message}`);
const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));

// ---------------------------------------------------------------------------------------------
// The database

async function prepareDatabase(): Promise<string> {
  const admin = postgres(config.baseDatabaseUrl, { max: 1, onnotice: () => {} });
  const [found] = await admin<{ n: number }[]>`select count(*)::int as n from pg_database where datname = ${config.dbName}`.finally(() =>
    admin.end(),
  );
  let documents = 0;
  if (found?.n) {
    const sql = postgres(benchDbUrl, { max: 1, onnotice: () => {} });
    // A database seeded before the seed gave the work queue its approvals and signatures is seeded again.
    documents = await sql<{ n: number }[]>`
      select count(*)::int as n from "Document" d join "Account" a on a.id = d."accountId" where a.slug = 'bench-docs'
        and exists (select 1 from "Approval" r where r."accountId" = a.id)`
      .then(([row]) => row?.n ?? 0)
      .catch(() => 0)
      .finally(() => sql.end());
  }
  if (documents === config.count) {
    const { applyMigrations } = await import("../lib/database/schema-engine");
    const { PrismaPg } = await import("@prisma/adapter-pg");
    const applied = await applyMigrations(new PrismaPg({ connectionString: benchDbUrl, max: 2 }));
    if (applied.length) {
      const sql = postgres(benchDbUrl, { max: 1, onnotice: () => {} });
      await sql`VACUUM (ANALYZE) "Document"`.finally(() => sql.end());
    }
    // A database seeded before the seed wrote an audit trail gets one (seedAuditTrail writes nothing when it is there).
    const client = new pg.Client({ connectionString: benchDbUrl });
    await client.connect();
    const added = await client
      .query<{ account: string; user: string }>(
        `SELECT a.id AS account, u.id AS "user" FROM "Account" a, "User" u WHERE a.slug = 'bench-docs' AND u.email = $1`,
        [BENCH_USER.email],
      )
      .then(async ({ rows: [ids] }) =>
        ids ? { audited: await seedAuditTrail(client, ids.account, ids.user), member: await ensureBenchMember(client, ids.account) } : null,
      )
      .finally(() => client.end());
    const notes = [
      ...(applied.length ? [`applied ${applied.join(", ")}`] : []),
      ...(added?.audited ? [`added ${added.audited.toLocaleString("en")} audit rows`] : []),
      ...(added?.member ? ["added a member without documents"] : []),
    ];
    return `${config.count.toLocaleString("en")} documents (reused${notes.length ? `, ${notes.join("; ")}` : ""})`;
  }
  log(`seeding ${config.count} documents into ${config.dbName}`);
  const seeded = await seedDocuments({
    baseDatabaseUrl: config.baseDatabaseUrl,
    dbName: config.dbName,
    count: config.count,
    log: (m) => log(`seed: ${m}`),
  });
  return `${config.count.toLocaleString("en")} documents (seeded in ${seeded.seconds.toFixed(0)} s)`;
}

/**
 * The document whose screen is measured: the workspace's most recently updated, the first row of
 * /docs. The seed stores no files, so its Word file (its text, as the seed gave it) is written
 * where the server's storage looks for it. Returns its id and a word of that text the screen shows.
 */
async function documentToView(pool: pg.Pool, storageDir: string): Promise<{ id: string; word: string }> {
  const { rows } = await pool.query<{ id: string; path: string; text: string }>(
    `SELECT d.id, c.path, c.text FROM "Document" d
     JOIN "Account" a ON a.id = d."accountId" AND a.slug = 'bench-docs'
     JOIN "DocumentContent" c ON c."documentId" = d.id AND c.version = 1
     WHERE NOT d.archived ORDER BY d."updatedAt" DESC, d.id DESC LIMIT 1`,
  );
  const viewed = rows[0];
  if (!viewed) throw new Error("no document to view in the bench workspace");
  const { makeDocx } = await import("../lib/files/make-docx");
  const file = path.join(storageDir, viewed.path);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, makeDocx(viewed.text.split("\n")));
  // A word of letters only: the screen escapes quotes and ampersands.
  const word = viewed.text.split(/\s+/).find((w) => /^[A-Za-z]{6,}$/.test(w));
  if (!word) throw new Error(`no word to look for in the text of ${viewed.id}`);
  return { id: viewed.id, word };
}

/**
 * A tag of the bench workspace that no document has (made when missing), for /docs filtered to no
 * rows: the same screen, filters, folders and statements, without the 25 rows, so each run shows
 * what the rows cost beside what the rest of the page costs.
 */
async function emptyTag(pool: pg.Pool): Promise<string> {
  const id = "tag_bench_empty";
  await pool.query(
    `INSERT INTO "Tag" (id, "accountId", name, "updatedAt")
     SELECT $1, a.id, 'unused', now() FROM "Account" a WHERE a.slug = 'bench-docs'
     ON CONFLICT (id) DO NOTHING`,
    [id],
  );
  return id;
}

// ---------------------------------------------------------------------------------------------
// The statements of one load, with their plans

type Statement = { sql: string; plan: string; ms: number; planningMs: number; seqScanOfDocument: boolean };

function planNodes(node: Record<string, unknown>): Record<string, unknown>[] {
  return [node, ...((node.Plans as Record<string, unknown>[] | undefined) ?? []).flatMap(planNodes)];
}

function summarizePlan(node: Record<string, unknown>): string {
  const name = [
    node["Node Type"],
    node["Index Name"] ? `using ${node["Index Name"]}` : node["Relation Name"] ? `on ${node["Relation Name"]}` : "",
  ]
    .filter(Boolean)
    .join(" ");
  const inner = ((node.Plans as Record<string, unknown>[] | undefined) ?? []).map(summarizePlan);
  return inner.length === 0 ? name : inner.length === 1 ? `${name} ← ${inner[0]}` : `${name} ← (${inner.join("; ")})`;
}

/** A short name for a statement: what it reads. */
function describe(sql: string): string {
  const text = sql.replace(/\s+/g, " ").trim();
  if (/^SELECT ARRAY\(SELECT d\.id FROM "Document" d.*FROM "DocumentCount"/.test(text))
    return "the page's ids and the total (the workspace's count, kept by the database)";
  if (/^SELECT ARRAY\(SELECT d\.id FROM "Document" d/.test(text)) return "the page's ids and the total (counted up to 10,001)";
  if (/^SELECT p\.id, p\.total, ts_headline/.test(text))
    return "the page's ids by relevance, counting the matches, with the rows' passages";
  if (/^SELECT d\.id, count\(\*\) OVER/.test(text)) return "the page's ids by relevance, counting the matches";
  if (/^SELECT d\.id FROM "Document" d/.test(text)) return "the page's ids";
  if (/^SELECT count\(\*\)/.test(text)) return "the total";
  if (/ts_headline/.test(text)) return "the matching passages";
  if (/^SELECT d\.id, d\.name, d\.ref/.test(text))
    return "the rows (the shown columns, category, tags, author, file type, the caller's policies)";
  if (/FROM "Session"/.test(text)) return "the session with the membership and the user's workspaces (the request context)";
  // The document's screen (lib/documents/load-document-view.ts).
  if (/^SELECT d\.id, d\."accountId"/.test(text)) return "the document with its versions, attachments and policies";
  if (/json_agg/.test(text))
    return /"authorId"/.test(text) ? "categories, tags, folders and authors" : "categories, tags, folders and the workspace's settings";
  if (/FROM "Audit" a/.test(text)) return "the document's activity";
  if (/FROM "AccountPolicy" p JOIN "User" u/.test(text)) return "the members to share with";
  if (/^SELECT u\.id, u\."firstName", u\."lastName", u\.email FROM "User" u/.test(text)) return "the people the screen names";
  const from = /FROM "public"\."(\w+)"/.exec(text)?.[1];
  return from ? `${from} (Prisma)` : text.slice(0, 60);
}

/** A screen's own data loading, given the request's context. */
type Load = (ctx: ServiceContext) => Promise<unknown>;

async function statementsOfOneLoad(load: Load, pool: pg.Pool) {
  const { db, countStatements } = await import("../lib/db");
  const { createSession } = await import("../lib/auth/session");
  const { anonymousContext } = await import("../lib/auth/context");
  const { buildContext } = await import("../lib/auth/get-request-context");
  const { withRequestMemo } = await import("../lib/auth/request-memo");
  const { getMe } = await import("../lib/users/get-me");
  const user = await db.user.findUniqueOrThrow({ where: { email: BENCH_USER.email } });
  const session = await db.$transaction((tx) => createSession(tx, anonymousContext(), { userId: user.id, provider: "local" }));
  const context = async () =>
    withRequestMemo(
      // A page's context (getPageContext): the session's statement reads the user's workspaces too.
      await buildContext(
        { header: (name) => (name === "authorization" ? `Bearer ${session.accessToken}` : null), cookie: () => null },
        { withPolicies: true },
      ),
      { readOnly: true },
    );
  // Once before, so the membership's last access is recorded (a write the first request makes).
  await load(await context());
  await sleep(200);
  // What the page runs: the context (session, membership and workspaces), the shell's user, its data.
  const { statements, params } = await countStatements(async () => {
    const ctx = await context();
    return Promise.all([getMe(ctx), load(ctx)]);
  });
  const client = await pool.connect();
  const out: Statement[] = [];
  try {
    for (const [i, sql] of statements.entries()) {
      const values = JSON.parse(params[i] ?? "[]") as unknown[];
      let plan: Record<string, unknown> = {};
      // Twice: the first warms the cache, the second is reported.
      for (let run = 0; run < 2; run++) {
        const { rows } = await client.query(`EXPLAIN (ANALYZE, TIMING OFF, BUFFERS, FORMAT JSON) ${sql}`, values);
        plan = (rows[0]["QUERY PLAN"] as Record<string, unknown>[])[0]!;
      }
      const top = plan.Plan as Record<string, unknown>;
      const seqScanOfDocument = planNodes(top).some(
        (node) => /Seq Scan/.test(String(node["Node Type"])) && node["Relation Name"] === "Document",
      );
      out.push({
        sql,
        plan: summarizePlan(top),
        ms: plan["Execution Time"] as number,
        planningMs: plan["Planning Time"] as number,
        seqScanOfDocument,
      });
    }
  } finally {
    client.release();
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The server and the HTTP measurements

function startServer(storageDir: string): Server {
  return startNextServer(config.appDir, config.port, {
    DATABASE_URL: benchDbUrl,
    DB_QUERY_EVENTS: "",
    STORAGE_DIR: storageDir,
    DISABLE_JOBS: "1",
    SEED_DEMO: "false",
  });
}

async function waitUntilReady(server: Server | undefined): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server && server.child.exitCode !== null) throw new Error(`next start exited early:\n${server.output()}`);
    const ok = await fetch(`${origin}/vapp/auth/csrf`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(250);
  }
  throw new Error(`${origin} did not answer in time`);
}

/** Signs in as a browser does and returns the Cookie header of the session. */
async function signIn({ email, password }: { email: string; password: string } = BENCH_USER): Promise<string> {
  const csrf = await fetch(`${origin}/vapp/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${origin}/vapp/auth/provider/local`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-csrf-token": csrfToken, cookie: `csrf-token=${encodeURIComponent(csrfToken)}` },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed (${response.status}): ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]!);
  if (!cookies.some((c) => c.startsWith("next-auth.session-token="))) throw new Error(`no session cookie: ${cookies.join(", ")}`);
  return cookies.join("; ");
}

type Page = {
  key: "reference" | "docs" | "empty" | "search" | "common" | "home" | "memberHome" | "view";
  /** Whose session loads it, when not the administrator's. */
  cookie?: string;
  path: string;
  title: string;
  check: (body: string) => boolean;
  /** The ratio to the reference the issue asks for, or none. */
  target: number | null;
};
type Run = {
  requests: number;
  /** Seconds measured. */
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  load: number;
  serverCpu: number;
  databaseCpu: number;
};

/** What the CPU accounting needs: the server's process group, and the bench database's backends. */
const accounting: { serverGroup?: number; backends: () => Promise<number[]> } = { backends: async () => [] };

/** The machine's busy cores (all processes) during a run, from /proc/stat. */
function busySeconds(): number | null {
  try {
    const ticks = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    return ticks.slice(0, 8).reduce((total, value, index) => (index === 3 || index === 4 ? total : total + value), 0) / 100;
  } catch {
    return null;
  }
}

/**
 * Drives one page and reports its throughput, latency and, per request, the CPU of the server's
 * processes and of the bench database's PostgreSQL backends: unlike throughput, those barely move
 * when other work shares the machine.
 */
async function drive(page: Page, cookie: string, duration: number): Promise<Run> {
  const backends0 = await accounting.backends();
  const procs0 = processCpu();
  const before = busySeconds();
  const self0 = process.cpuUsage();
  const result = await autocannon({
    url: `${origin}${page.path}`,
    headers: { cookie: page.cookie ?? cookie, accept: "text/html" },
    connections: config.connections,
    duration,
    timeout: 30,
    verifyBody: page.check,
  });
  const after = busySeconds();
  const self = process.cpuUsage(self0);
  const procs1 = processCpu();
  const backends = new Set([...backends0, ...(await accounting.backends())]);
  let server = 0;
  let database = 0;
  for (const [pid, now] of procs1) {
    const used = now.seconds - (procs0.get(pid)?.seconds ?? 0);
    if (accounting.serverGroup !== undefined && now.pgrp === accounting.serverGroup) server += used;
    else if (backends.has(pid)) database += used;
  }
  const perRequest = (seconds: number) => (result.requests.total ? (seconds * 1000) / result.requests.total : Number.NaN);
  return {
    serverCpu: perRequest(server),
    databaseCpu: perRequest(database),
    requests: result.requests.total,
    seconds: result.duration,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx + result.mismatches,
    // What the machine used beyond the server, PostgreSQL and this load generator: other work.
    load:
      before !== null && after !== null
        ? Math.max(0, after - before - server - database - (self.user + self.system) / 1e6) / result.duration
        : Number.NaN,
  };
}

/** Slices of one page as one run: requests over the seconds, CPU per request weighted by requests, the median p50, the worst p99. */
function mergeRuns(runs: Run[]): Run {
  const requests = runs.reduce((sum, r) => sum + r.requests, 0);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  const perRequest = (pick: (r: Run) => number) => runs.reduce((sum, r) => sum + pick(r) * r.requests, 0) / requests;
  const p50s = runs.map((r) => r.p50).sort((a, b) => a - b);
  return {
    requests,
    seconds,
    rps: requests / seconds,
    p50: p50s[Math.floor(p50s.length / 2)]!,
    p99: Math.max(...runs.map((r) => r.p99)),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    load: runs.reduce((sum, r) => sum + r.load * r.seconds, 0) / seconds,
    serverCpu: perRequest((r) => r.serverCpu),
    databaseCpu: perRequest((r) => r.databaseCpu),
  };
}

// ---------------------------------------------------------------------------------------------

function resultsMarkdown(
  measured: { page: Page; run: Run; before: Run; after: Run }[],
  plans: { title: string; statements: Statement[]; target: number }[],
  meta: Record<string, string>,
): string {
  const lines = [
    `Run of ${meta.date}. Throughput at ${config.connections} connections for ${config.duration} s a page, in ${config.rounds} slices alternated with slices of the reference (\`${REFERENCE}\`): reference, /docs, reference, /docs with no rows, reference, search, reference, common-word search, reference, the dashboard, reference, the dashboard of a member without documents, reference, a document's screen, reference, /docs…; each page is divided by the mean of the reference's slices just before and just after its own (rows "reference, before" and "after", each summed over the slices). "Other processes" is the CPU that anything but the server, its PostgreSQL backends and the load generator took meanwhile, in cores (of ${os.cpus().length}): above 0 the machine was shared.`,
    "",
  ];
  lines.push(
    "| Page | Requests/s | p50 (ms) | p99 (ms) | Errors | Server CPU / request (ms) | PostgreSQL CPU / request (ms) | Other processes (cores) | Reference before / after (requests/s) | Ratio | Target |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  );
  const row = (title: string, run: Run) =>
    `| ${title} | ${fmt(run.rps)} | ${run.p50} | ${run.p99} | ${run.errors} | ${fmt(run.serverCpu)} | ${fmt(run.databaseCpu)} | ${fmt(run.load)}`;
  for (const { page, run, before, after } of measured) {
    const reference = (before.rps + after.rps) / 2;
    const ratio = run.rps / reference;
    const target = page.target;
    lines.push(`${row(`${REFERENCE} (reference, before)`, before)} | | | |`);
    lines.push(
      `${row(page.title, run)} | ${fmt(before.rps)} / ${fmt(after.rps)} | **${ratio.toFixed(2)}x** | ${target === null ? "none set" : `≥ ${target}x: ${ratio >= target ? "met" : "not met"}`} |`,
    );
    lines.push(`${row(`${REFERENCE} (reference, after)`, after)} | | | |`);
  }
  for (const { title, statements, target } of plans) {
    const seq = statements.filter((s) => s.seqScanOfDocument).length;
    lines.push(
      "",
      `**Statements of one load, ${title}**: ${statements.length} (target ≤ ${target}), ${seq ? `**${seq} with a sequential scan of "Document"**` : 'none with a sequential scan of "Document"'}.`,
      "",
    );
    lines.push(
      "| # | Statement | Plan (EXPLAIN ANALYZE, TIMING OFF, second run) | Planning (ms) | Execution (ms) |",
      "| ---: | --- | --- | ---: | ---: |",
    );
    for (const [i, s] of statements.entries())
      lines.push(
        `| ${i + 1} | ${describe(s.sql)} | ${s.plan}${s.seqScanOfDocument ? " **(sequential scan of Document)**" : ""} | ${fmt(s.planningMs)} | ${fmt(s.ms)} |`,
      );
  }
  lines.push(
    "",
    ...Object.entries(meta)
      .filter(([key]) => key !== "date")
      .map(([key, value]) => `- ${key}: ${value}`),
  );
  return lines.join("\n");
}

const writeDoc = (results: string) => writeBenchResults("pages", "Pages: results", results);

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  if (!config.benchUrl) {
    if (!existsSync(path.join(config.appDir, ".next", "BUILD_ID")))
      throw new Error(`no production build in ${config.appDir}/.next: run \`npx next build\` there first, or set BENCH_URL.`);
    if (!(await portIsFree(config.port))) throw new Error(`port ${config.port} is in use (set BENCH_PORT).`);
  }
  const dataSet = await prepareDatabase();
  log(`data set: ${dataSet}`);

  const storageDir = mkdtempSync(path.join(os.tmpdir(), "covenant-bench-pages-"));
  process.env.DATABASE_URL = benchDbUrl;
  process.env.DB_QUERY_EVENTS = "1";
  process.env.STORAGE_DIR = storageDir;
  process.env.NEXTAUTH_SECRET ??= randomBytes(32).toString("base64url");
  process.env.DISABLE_JOBS = "1";
  const pool = new pg.Pool({ connectionString: benchDbUrl, max: 2 });
  let server: Server | undefined;
  try {
    const viewed = await documentToView(pool, storageDir);
    const unusedTag = await emptyTag(pool);
    const { loadDocumentList } = await import("../lib/documents/load-document-list");
    const { loadDocumentView } = await import("../lib/documents/load-document-view");
    const list =
      (filters: Record<string, unknown>): Load =>
      (ctx) =>
        loadDocumentList(ctx, filters);
    const plans = [
      { title: "/docs", target: TARGETS.statements, statements: await statementsOfOneLoad(list({}), pool) },
      {
        title: `/docs?q=${config.searchWord}`,
        target: TARGETS.statements,
        statements: await statementsOfOneLoad(list({ search: config.searchWord, orderBy: "relevance" }), pool),
      },
      {
        title: `/docs?q=${config.commonWord}`,
        target: TARGETS.statements,
        statements: await statementsOfOneLoad(list({ search: config.commonWord, orderBy: "relevance" }), pool),
      },
      {
        title: "/d/{id}/view",
        target: TARGETS.viewStatements,
        statements: await statementsOfOneLoad((ctx) => loadDocumentView(ctx, viewed.id, undefined), pool),
      },
    ];
    for (const { title, statements } of plans) {
      log(`${title}: ${statements.length} statements`);
      for (const s of statements)
        log(
          `  ${describe(s.sql)}: ${s.plan} (planned in ${fmt(s.planningMs)} ms, ran in ${fmt(s.ms)} ms)${s.seqScanOfDocument ? "  <-- sequential scan of Document" : ""}`,
        );
    }
    const { disconnectDb } = await import("../lib/db");
    await disconnectDb();

    if (!config.benchUrl) {
      server = startServer(storageDir);
      accounting.serverGroup = server.child.pid;
      await waitUntilReady(server);
      log(`next start (${config.appDir}) answers on ${origin}`);
    } else await waitUntilReady(undefined);
    accounting.backends = async () =>
      (await pool.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1", [config.dbName])).rows.map((r) => r.pid);
    const cookie = await signIn();
    const memberCookie = await signIn(BENCH_MEMBER);
    const pages: Page[] = [
      {
        key: "reference",
        path: REFERENCE,
        title: `${REFERENCE} (reference)`,
        check: (body) => body.includes("<html") && !body.includes('id="login'),
        target: null,
      },
      {
        key: "docs",
        path: "/docs",
        title: "/docs",
        check: (body) => /more than 10,000|10,000\+/.test(body) || body.includes("documents-list") || /Page 1 of/.test(body),
        target: TARGETS.docs,
      },
      {
        key: "empty",
        path: `/docs?tag=${unusedTag}`,
        title: "/docs?tag=… (no rows: what the page costs without its 25)",
        check: (body) => body.includes("<html") && !body.includes('data-testid="document-row"'),
        target: null,
      },
      {
        key: "search",
        path: `/docs?q=${encodeURIComponent(config.searchWord)}`,
        title: `/docs?q=${config.searchWord}`,
        check: (body) => body.includes(config.searchWord),
        target: TARGETS.search,
      },
      {
        key: "common",
        path: `/docs?q=${encodeURIComponent(config.commonWord)}`,
        title: `/docs?q=${config.commonWord}`,
        check: (body) => body.includes(config.commonWord),
        target: TARGETS.search,
      },
      {
        key: "home",
        path: "/",
        title: "/ (the dashboard)",
        check: (body) => body.includes('data-testid="work-queue-waiting-documents"'),
        target: null,
      },
      {
        key: "memberHome",
        path: "/",
        title: "/ as a member who wrote and owns no document (the dashboard)",
        cookie: memberCookie,
        check: (body) => body.includes('data-testid="work-queue-waiting-documents"') && body.includes(BENCH_MEMBER.firstName),
        target: null,
      },
      {
        key: "view",
        path: `/d/${viewed.id}/view`,
        title: "/d/{id}/view (a document's screen)",
        check: (body) => body.includes(viewed.word) && body.includes(viewed.id),
        target: null,
      },
    ];
    for (const page of pages) {
      const response = await fetch(`${origin}${page.path}`, { headers: { cookie: page.cookie ?? cookie }, redirect: "manual" });
      const body = await response.text();
      if (response.status !== 200 || !page.check(body))
        throw new Error(
          `${page.path}: unexpected answer ${response.status} ${response.headers.get("location") ?? ""}: ${body.slice(0, 300)}`,
        );
      await drive(page, cookie, config.warmup);
    }
    const [reference, ...measuredPages] = pages as [Page, ...Page[]];
    // reference, /docs, reference, /docs with no rows, reference, search, reference, common word, reference, the dashboard, reference,
    // the member's dashboard, reference, the document,
    // reference, /docs… : each slice of a page between two of the reference, `rounds` times over.
    const slice = Math.max(2, Math.round(config.duration / config.rounds));
    const slices = new Map<Page, { run: Run[]; before: Run[]; after: Run[] }>(
      measuredPages.map((p) => [p, { run: [], before: [], after: [] }]),
    );
    log(`${config.connections} connections, ${config.rounds} slices of ${slice} s a page, each between two slices of the reference`);
    let before = await drive(reference, cookie, slice);
    for (let round = 0; round < config.rounds; round++)
      for (const page of measuredPages) {
        const run = await drive(page, cookie, slice);
        const after = await drive(reference, cookie, slice);
        const of = slices.get(page)!;
        of.run.push(run);
        of.before.push(before);
        of.after.push(after);
        log(`  ${page.title}, slice ${round + 1}: ${fmt(run.rps)} requests/s against ${fmt(before.rps)} / ${fmt(after.rps)}`);
        before = after;
      }
    const measured: { page: Page; run: Run; before: Run; after: Run }[] = [];
    for (const [page, of] of slices) {
      const [run, before, after] = [mergeRuns(of.run), mergeRuns(of.before), mergeRuns(of.after)];
      measured.push({ page, run, before, after });
      log(
        `${page.title}: ${fmt(run.rps)} requests/s against ${fmt(before.rps)} / ${fmt(after.rps)}: ${(run.rps / ((before.rps + after.rps) / 2)).toFixed(2)}x; CPU per request: server ${fmt(run.serverCpu)} ms (reference ${fmt(before.serverCpu)} / ${fmt(after.serverCpu)}), PostgreSQL ${fmt(run.databaseCpu)} ms (reference ${fmt(before.databaseCpu)} / ${fmt(after.databaseCpu)})`,
      );
    }
    const cpus = os.cpus();
    const [pgVersion] = (await pool.query("show server_version")).rows.map((r) => r.server_version as string);
    const meta = {
      date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
      "Data set": `${dataSet}, one workspace; signed in as its administrator, who sees every document`,
      Server: server
        ? `\`next start\` of the production build in ${config.appDir === ROOT ? "this project" : config.appDir}, port ${config.port}`
        : `BENCH_URL ${origin}`,
      Reference: `\`${REFERENCE}\`: the signed-in shell and the user's own row, the signed-in page with the least data`,
      Node: process.version,
      CPUs: `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown"}`,
      PostgreSQL: `${pgVersion} (same machine)`,
      "Load average before the run": `${loadBefore.map((l) => l.toFixed(2)).join(" / ")} (1 / 5 / 15 min)`,
    };
    const markdown = resultsMarkdown(measured, plans, meta);
    console.log(`\n${markdown}\n`);
    if (config.write) {
      writeDoc(markdown);
      log("wrote docs/benchmarks.md");
    }
  } catch (error) {
    if (server) console.error(`[bench:pages] server output (last lines):\n${server.output().slice(-4_000)}`);
    throw error;
  } finally {
    if (server) await stopServer(server);
    await pool.end().catch(() => {});
    rmSync(storageDir, { recursive: true, force: true });
    if (config.dropDb) await dropBenchDatabase(config.baseDatabaseUrl, config.dbName);
  }
}

main().catch((error: unknown) => {
  console.error(`[bench:pages] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
