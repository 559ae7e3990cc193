/**
 * Benchmark of the documents issue's speed goals (`npm run bench:documents`).
 *
 * 1. Seeds the database BENCH_DOCS_DB (default covenant_bench_docs) with BENCH_DOCS_COUNT
 *    documents (default 100,000) through bench/seed-documents.ts, or reuses it when it is already
 *    there with that many documents (BENCH_RESEED=true seeds again).
 * 2. Serves it: with BENCH_URL, the server already running there (it must use that database, e.g.
 *    `DATABASE_URL=postgresql://postgres@127.0.0.1:5432/covenant_bench_docs DISABLE_JOBS=1 npx next start -p 3200`);
 *    otherwise `next start` of the production build in BENCH_APP_DIR (default: this project; the
 *    build is not made here, run `npx next build` first) on BENCH_PORT (default 3200).
 * 3. Signs in as the workspace's administrator, then for each list query measures the GraphQL
 *    `documents` query over HTTP (autocannon: BENCH_SERIAL requests one at a time, then
 *    BENCH_CONNECTIONS connections for BENCH_DURATION seconds), the same service in this process,
 *    and the SQL findDocuments sends (taken from the code, `documentListSql`) straight through the
 *    pg driver, one caller and BENCH_CONNECTIONS callers; then EXPLAIN (ANALYZE, TIMING OFF, BUFFERS) of it (plan nodes untimed).
 * 4. Times generating a document from a 10-page DOCX template with 50 variables: filling the
 *    values and the file in this process, the whole createDocumentFromTemplate service (files in a
 *    temporary STORAGE_DIR), and the GraphQL createDocument mutation when the server is ours.
 * 5. Prints the results and writes them into docs/benchmarks.md between the documents markers
 *    (BENCH_WRITE=false: print only); stops the server and drops the database (BENCH_KEEP_DB=true
 *    keeps it for the next run; kept by default with BENCH_URL, whose server uses it).
 *
 * Other settings: BENCH_DATABASE_URL (the server, default postgresql://postgres@127.0.0.1:5432/postgres),
 * BENCH_WARMUP (seconds, default 3), BENCH_GENERATE_RUNS (default 30), BENCH_IDLE_WAIT (seconds to
 * wait before each measurement for other work on the machine to stop, default 60; 0: never),
 * BENCH_VERBOSE=true.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { numberEnv, portIsFree, processCpu, ROOT, type Server, sleep, startNextServer, stopServer, writeBenchResults } from "./common";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import postgres from "postgres";
import {
  BENCH_USER,
  databaseUrl,
  dropBenchDatabase,
  paragraph,
  random,
  SEARCH_WORDS,
  seedDocuments,
  type SeedResult,
} from "./seed-documents";

type AutocannonResult = {
  requests: { total: number; average: number };
  errors: number;
  timeouts: number;
  mismatches: number;
  non2xx: number;
  duration: number;
};
type AutocannonOptions = {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  duration?: number;
  amount?: number;
  timeout?: number;
  verifyBody?: (body: string) => boolean;
};
type AutocannonInstance = PromiseLike<AutocannonResult> & {
  on(event: "response", listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
};
const autocannon = createRequire(import.meta.url)("autocannon") as (options: AutocannonOptions) => AutocannonInstance;

process.chdir(ROOT);

const config = {
  baseDatabaseUrl: process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
  dbName: process.env.BENCH_DOCS_DB ?? "covenant_bench_docs",
  count: numberEnv("BENCH_DOCS_COUNT", 100_000),
  benchUrl: process.env.BENCH_URL?.replace(/\/$/, ""),
  appDir: path.resolve(process.env.BENCH_APP_DIR ?? ROOT),
  port: numberEnv("BENCH_PORT", 3200),
  connections: numberEnv("BENCH_CONNECTIONS", 10),
  duration: numberEnv("BENCH_DURATION", 10),
  serial: numberEnv("BENCH_SERIAL", 300),
  warmup: numberEnv("BENCH_WARMUP", 3),
  generateRuns: numberEnv("BENCH_GENERATE_RUNS", 30),
  // A server given by BENCH_URL uses the database: keep it unless told otherwise.
  keepDb: process.env.BENCH_KEEP_DB ? process.env.BENCH_KEEP_DB === "true" : !!process.env.BENCH_URL,
  reseed: process.env.BENCH_RESEED === "true",
  /** Seconds to wait, before each measurement, for the machine to be idle (others' builds, tests). */
  idleWait: Math.max(0, Number(process.env.BENCH_IDLE_WAIT ?? 60) || 0),
  write: process.env.BENCH_WRITE !== "false",
  verbose: process.env.BENCH_VERBOSE === "true",
};
const origin = config.benchUrl ?? `http://127.0.0.1:${config.port}`;
const benchDbUrl = databaseUrl(config.baseDatabaseUrl, config.dbName);

const TARGETS = { list: 50, search: 100, generate: 300 };

const log = (message: string) => console.log(`[bench:documents] ${message}`);

// ---------------------------------------------------------------------------------------------
// Statistics

type Stats = {
  count: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  /** Cores other processes used meanwhile. */
  other?: number;
  /** CPU milliseconds per request: the Node.js side (the server, or this process) and PostgreSQL. */
  appCpu?: number;
  databaseCpu?: number;
};

function percentile(sorted: number[], q: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

function stats(samples: number[], seconds: number, errors = 0): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    seconds,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    errors,
  };
}

/** Runs `task` one at a time `count` times. */
async function serially(count: number, task: () => Promise<unknown>): Promise<Stats> {
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await task();
    samples.push(performance.now() - t);
  }
  return stats(samples, (performance.now() - started) / 1000);
}

/** `callers` loops running `task` for `seconds`. */
async function concurrently(callers: number, seconds: number, task: () => Promise<unknown>): Promise<Stats> {
  const samples: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now();
        await task();
        samples.push(performance.now() - t);
      }
    }),
  );
  return stats(samples, (performance.now() - started) / 1000);
}

// ---------------------------------------------------------------------------------------------
// CPU: what else ran on the machine meanwhile (Linux /proc; nothing elsewhere)

/** Busy and stolen CPU seconds of the whole machine (all cores). */
function machineCpu(): { busy: number; steal: number } | null {
  try {
    const ticks = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: idle and iowait are not busy, steal is apart.
    const busy = ticks.slice(0, 7).reduce((total, value, index) => (index === 3 || index === 4 ? total : total + value), 0);
    return { busy: busy / 100, steal: (ticks[7] ?? 0) / 100 };
  } catch {
    return null;
  }
}

/**
 * Waits up to BENCH_IDLE_WAIT seconds until the machine used under 0.15 cores over 2 s (the
 * benchmark is idle between measurements, so that is other work). Measures anyway after that;
 * the "Other processes" column then shows it.
 */
async function waitForIdle(): Promise<void> {
  const deadline = Date.now() + config.idleWait * 1000;
  let waited = false;
  while (Date.now() < deadline) {
    const before = machineCpu();
    await sleep(2_000);
    const after = machineCpu();
    if (!before || !after || (after.busy - before.busy) / 2 < 0.15) break;
    if (!waited) log("waiting for the machine to be idle");
    waited = true;
  }
}

let serverGroup: number | undefined;
let benchDbPids: () => Promise<number[]> = async () => [];

/**
 * Runs a measurement and adds `other`: the cores that processes other than this benchmark, its
 * server and the PostgreSQL backends of the bench database used meanwhile (0 on an idle machine).
 */
async function withOtherLoad(run: () => Promise<Stats>, app: "server" | "self" = "self"): Promise<Stats> {
  await waitForIdle();
  const pidsBefore = await benchDbPids();
  const machine0 = machineCpu();
  const procs0 = processCpu();
  const started = performance.now();
  const result = await run();
  const seconds = (performance.now() - started) / 1000;
  const procs1 = processCpu();
  const machine1 = machineCpu();
  if (!machine0 || !machine1 || !procs0.size) return result;
  const backends = new Set([...pidsBefore, ...(await benchDbPids())]);
  const cpu = { server: 0, self: 0, database: 0 };
  for (const [pid, now] of procs1) {
    // A process that started meanwhile (a new pool connection) counts whole.
    const used = now.seconds - (procs0.get(pid)?.seconds ?? 0);
    if (serverGroup !== undefined && now.pgrp === serverGroup) cpu.server += used;
    else if (pid === process.pid) cpu.self += used;
    else if (backends.has(pid)) cpu.database += used;
  }
  const own = cpu.server + cpu.self + cpu.database;
  const perRequest = (value: number) => (result.count ? (value * 1000) / result.count : Number.NaN);
  return {
    ...result,
    other: Math.max(0, machine1.busy - machine0.busy - own) / seconds,
    // Over HTTP the app is the server (this process only sends); in process, this process.
    appCpu: perRequest(app === "server" ? cpu.server : cpu.self),
    databaseCpu: perRequest(cpu.database),
  };
}

// ---------------------------------------------------------------------------------------------
// Database

const adminSql = () => postgres(config.baseDatabaseUrl, { max: 1, onnotice: () => {} });

/** The number of documents of the bench database, or null when it does not exist. */
async function existingDocuments(): Promise<number | null> {
  const admin = adminSql();
  try {
    const [found] = await admin<{ n: number }[]>`select count(*)::int as n from pg_database where datname = ${config.dbName}`;
    if (!found?.n) return null;
  } finally {
    await admin.end();
  }
  const sql = postgres(benchDbUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<
      { n: number }[]
    >`select count(*)::int as n from "Document" d join "Account" a on a.id = d."accountId" where a.slug = 'bench-docs'`;
    return row?.n ?? 0;
  } catch {
    return 0;
  } finally {
    await sql.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Server

function startServer(storageDir: string): Server {
  return startNextServer(config.appDir, config.port, {
    NEXTAUTH_URL: origin,
    APP_URL: origin,
    DATABASE_URL: benchDbUrl,
    STORAGE_DIR: storageDir,
    // The expiry job would change statuses and update times under the measurement.
    DISABLE_JOBS: "1",
    SEED_DEMO: "false",
  });
}

async function waitUntilReady(server: Server | undefined, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server && server.child.exitCode !== null) throw new Error(`next start exited early:\n${server.output()}`);
    try {
      const response = await fetch(`${origin}/vapp/auth/csrf`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`${origin} did not answer within ${timeoutMs / 1000} s${server ? `:\n${server.output()}` : ""}`);
}

async function signIn(): Promise<string> {
  const csrf = await fetch(`${origin}/vapp/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${origin}/vapp/auth/provider/local/desktop`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-csrf-token": csrfToken, cookie: `csrf-token=${encodeURIComponent(csrfToken)}` },
    body: JSON.stringify({ email: BENCH_USER.email, password: BENCH_USER.password }),
  });
  const body = (await response.json()) as { accessToken?: string };
  if (!response.ok || !body.accessToken) throw new Error(`sign-in failed (${response.status}): ${JSON.stringify(body)}`);
  return body.accessToken;
}

// ---------------------------------------------------------------------------------------------
// The list queries

/** The fields the /docs list shows. */
const ITEM_FIELDS =
  "id name ref status health updatedAt endedAt category { id name } tags { id name color } author { name } abilities { view edit manage } highlight { text match }";

type ListCase = {
  key: "list" | "search" | "all" | "searchUncommon";
  title: string;
  /** The findDocuments input, and the same as GraphQL arguments. */
  input: Record<string, unknown>;
  args: string;
  target?: number;
};

const CASES: ListCase[] = [
  {
    key: "list",
    title: "/docs first page: status active, newest update first",
    input: { size: 25, statuses: ["active"], orderBy: "updatedAt", sortBy: "desc" },
    args: 'size: 25, statuses: [active], orderBy: "updatedAt", sortBy: "desc"',
    target: TARGETS.list,
  },
  {
    key: "search",
    title: `Full-text search, a rare word ("${SEARCH_WORDS.rare}", about 0.1 % of documents)`,
    input: { size: 25, search: SEARCH_WORDS.rare },
    args: `size: 25, search: "${SEARCH_WORDS.rare}"`,
    target: TARGETS.search,
  },
  {
    key: "all",
    title: "/docs first page without a filter (for comparison)",
    input: { size: 25, orderBy: "updatedAt", sortBy: "desc" },
    args: 'size: 25, orderBy: "updatedAt", sortBy: "desc"',
  },
  {
    key: "searchUncommon",
    title: `Full-text search, a less rare word ("${SEARCH_WORDS.uncommon}", about 2 %, for comparison)`,
    input: { size: 25, search: SEARCH_WORDS.uncommon },
    args: `size: 25, search: "${SEARCH_WORDS.uncommon}"`,
  },
];

const graphqlBody = (c: ListCase) => JSON.stringify({ query: `{ documents(${c.args}) { total page pages items { ${ITEM_FIELDS} } } }` });
const validPage = (body: string) => !body.includes('"errors"') && /"total":[1-9]/.test(body) && body.includes('"items":[{');

type Row = { label: string; callers: number; stats: Stats };
type Plan = { statement: string; plan: string; ms: number; hit: number; read: number };
type CaseResult = { c: ListCase; total: number; rows: Row[]; plans: Plan[] };

async function driveHttp(
  body: string,
  token: string,
  options: { connections: number; amount?: number; duration?: number },
): Promise<Stats> {
  const samples: number[] = [];
  const instance = autocannon({
    url: `${origin}/graphql`,
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/json", authorization: `Bearer ${token}` },
    body,
    timeout: 20,
    verifyBody: validPage,
    ...options,
  });
  instance.on("response", (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) samples.push(ms);
  });
  const result = await instance;
  return stats(samples, result.duration, result.errors + result.non2xx + result.mismatches);
}

type Sql = { text: string; values: unknown[] };

function summarizePlan(node: Record<string, unknown>): string {
  const name = [
    node["Node Type"],
    node["Index Name"] ? `using ${node["Index Name"]}` : node["Relation Name"] ? `on ${node["Relation Name"]}` : "",
  ]
    .filter(Boolean)
    .join(" ");
  const children = (node.Plans as Record<string, unknown>[] | undefined) ?? [];
  const inner = children.map(summarizePlan);
  return inner.length === 0 ? name : inner.length === 1 ? `${name} ← ${inner[0]}` : `${name} ← (${inner.join("; ")})`;
}

async function explain(client: pg.PoolClient, statement: string, sql: Sql): Promise<Plan> {
  // Twice: the first warms the cache, the second is the one reported.
  let plan: Record<string, unknown> = {};
  for (let i = 0; i < 2; i++) {
    const { rows } = await client.query(`EXPLAIN (ANALYZE, TIMING OFF, BUFFERS, FORMAT JSON) ${sql.text}`, sql.values);
    plan = (rows[0]["QUERY PLAN"] as Record<string, unknown>[])[0]!;
  }
  const top = plan.Plan as Record<string, unknown>;
  if (config.verbose) console.log(JSON.stringify(plan, null, 1));
  return {
    statement,
    plan: summarizePlan(top),
    ms: plan["Execution Time"] as number,
    hit: (top["Shared Hit Blocks"] as number) ?? 0,
    read: (top["Shared Read Blocks"] as number) ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------
// The generation template: about 10 pages with 50 variables, each used 1 to 3 times

type VariableDef = { name: string; type: string; required: boolean; deprecated: boolean; options: Record<string, unknown> };

function generationTemplate() {
  const v = (name: string, type: string, options: Record<string, unknown> = {}): VariableDef => ({
    name,
    type,
    required: true,
    deprecated: false,
    options,
  });
  const text = [
    "client name",
    "client address",
    "client city",
    "client country name",
    "client representative",
    "client title",
    "supplier name",
    "supplier address",
    "supplier city",
    "supplier representative",
    "supplier title",
    "project name",
    "project scope",
    "service level",
    "governing law",
    "court",
    "notice address",
    "bank name",
    "account number",
    "purchase order",
  ];
  const variables: VariableDef[] = [
    ...text.map((name) => v(name, "text")),
    ...[
      "signature date",
      "start date",
      "end date",
      "first payment date",
      "acceptance date",
      "review date",
      "renewal date",
      "notice date",
    ].map((name) => v(name, "date", { dateFormat: "DD/MM/YYYY" })),
    ...["fee", "deposit", "monthly fee", "penalty", "insurance amount", "expenses cap"].map((name) =>
      v(name, "currency", { currency: "EUR" }),
    ),
    ...["quantity", "term months", "notice days", "payment days", "hours"].map((name) => v(name, "number")),
    ...["client email", "supplier email", "billing email"].map((name) => v(name, "email")),
    v("payment method", "dropdown", { choices: ["transfer", "direct debit", "card"] }),
    v("billing period", "dropdown", { choices: ["monthly", "quarterly", "yearly"] }),
    v("language of the contract", "dropdown", { choices: ["English", "Spanish", "Catalan", "Portuguese"] }),
    v("auto renewal", "checkbox", { trueLabel: "renews automatically", falseLabel: "does not renew" }),
    v("exclusive", "checkbox"),
    v("tax rate", "percentage"),
    v("discount", "percentage"),
    { ...v("total", "formula", { formula: "[fee] * [quantity] + [deposit]" }), required: false },
  ];
  const values: Record<string, string | number | boolean> = {};
  for (const variable of variables) {
    if (variable.type === "text") values[variable.name] = `${variable.name.replace(/^./, (c) => c.toUpperCase())} of Acme Industries S.L.`;
    else if (variable.type === "date") values[variable.name] = "2027-03-15";
    else if (variable.type === "currency") values[variable.name] = 12_500.5;
    else if (variable.type === "number") values[variable.name] = 30;
    else if (variable.type === "email") values[variable.name] = `${variable.name.split(" ")[0]}@example.com`;
    else if (variable.type === "dropdown") values[variable.name] = (variable.options.choices as string[])[1]!;
    else if (variable.type === "checkbox") values[variable.name] = true;
    else if (variable.type === "percentage") values[variable.name] = 21;
  }
  // 10 pages of about 450 words: a heading and 6 paragraphs each. The fields go between words of
  // random paragraphs; every fifth one is split across two runs, as Word does.
  const rand = random(42);
  const pages = 10;
  const texts: string[] = [];
  for (let page = 0; page < pages; page++) {
    texts.push(
      `${page + 1}. ${["Definitions", "Object", "Term", "Price and payment", "Obligations", "Confidentiality", "Liability", "Termination", "Data protection", "Miscellaneous"][page]}`,
    );
    for (let p = 0; p < 6; p++) texts.push(paragraph(rand, "en"));
  }
  const inserts = new Map<number, { at: number; field: string; split: boolean }[]>();
  let uses = 0;
  for (const variable of variables) {
    const times = 1 + Math.floor(rand() * 3);
    for (let t = 0; t < times; t++) {
      const index = 1 + Math.floor(rand() * (texts.length - 1));
      const at = Math.floor(rand() * texts[index]!.split(" ").length);
      inserts.set(index, [...(inserts.get(index) ?? []), { at, field: `[${variable.name}]`, split: uses++ % 5 === 4 }]);
    }
  }
  const paragraphs: string[][] = texts.map((text, index) => {
    const runs: string[] = [];
    let current: string[] = [];
    text.split(" ").forEach((word, at) => {
      for (const insert of (inserts.get(index) ?? []).filter((i) => i.at === at)) {
        if (!insert.split) current.push(insert.field);
        else {
          const half = Math.ceil(insert.field.length / 2);
          runs.push(`${[...current, insert.field.slice(0, half)].join(" ")}`);
          current = [insert.field.slice(half)];
        }
      }
      current.push(word);
    });
    runs.push(current.join(" "));
    return runs;
  });
  const words = paragraphs.flat().join(" ").split(/\s+/).length;
  return { variables, values, paragraphs, uses, words, pages };
}

// ---------------------------------------------------------------------------------------------
// Report

const cpuMs = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? "n/a" : value.toFixed(1));
const other = (s: Stats) => (s.other === undefined ? "n/a" : s.other.toFixed(2));
const fmt = (ms: number) => (Number.isNaN(ms) ? "n/a" : ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));

function resultsMarkdown(results: CaseResult[], generation: { rows: Row[]; template: string }, meta: Record<string, string>): string {
  const lines: string[] = [
    `Run of ${meta.date}. CPU per request: of the server for HTTP, of the benchmark's own process for the service and the SQL (the pg driver), and of the PostgreSQL backends. "Other processes" is the CPU that anything else took during that measurement, in cores (of 2): above 0 means the machine was not idle and the latencies are overstated.`,
    "",
  ];
  for (const { c, total, rows, plans } of results) {
    lines.push(
      `**${c.title}** (${total.toLocaleString("en")} matching documents${c.target ? `, target p95 under ${c.target} ms` : ""})`,
      "",
    );
    lines.push(
      "| Measured | Callers | Requests | Requests/s | p50 (ms) | p95 (ms) | p99 (ms) | Errors | Node CPU / request (ms) | PostgreSQL CPU / request (ms) | Other processes (cores) |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    );
    for (const row of rows) {
      const s = row.stats;
      lines.push(
        `| ${row.label} | ${row.callers} | ${s.count} | ${(s.count / s.seconds).toFixed(0)} | ${fmt(s.p50)} | ${fmt(s.p95)} | ${fmt(s.p99)} | ${s.errors} | ${cpuMs(s.appCpu)} | ${cpuMs(s.databaseCpu)} | ${other(s)} |`,
      );
    }
    lines.push("");
    if (c.target) {
      const one = rows.find((r) => r.label.startsWith("GraphQL") && r.callers === 1)!.stats;
      const many = rows.find((r) => r.label.startsWith("GraphQL") && r.callers > 1)!.stats;
      const sql = rows.find((r) => r.label.startsWith("SQL: page ids + total") && r.callers === 1)!.stats;
      const met = (p95: number) => (p95 < c.target! ? "met" : "not met");
      lines.push(
        `Target p95 under ${c.target} ms: **${met(one.p95)} at 1 connection** (p95 ${fmt(one.p95)} ms; the same SQL ${fmt(sql.p95)} ms), **${met(many.p95)} at ${config.connections} connections** (p95 ${fmt(many.p95)} ms).`,
        "",
      );
    }
    lines.push("| EXPLAIN (ANALYZE, TIMING OFF, BUFFERS) | Plan | Execution (ms) | Buffers hit / read |", "| --- | --- | ---: | ---: |");
    for (const plan of plans) lines.push(`| ${plan.statement} | ${plan.plan} | ${plan.ms.toFixed(2)} | ${plan.hit} / ${plan.read} |`);
    lines.push("");
  }
  lines.push(`**Generating a document** from ${generation.template} (target under ${TARGETS.generate} ms)`, "");
  lines.push(
    "| Measured | Runs | p50 (ms) | p95 (ms) | max (ms) | Other processes (cores) |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
  );
  for (const row of generation.rows)
    lines.push(
      `| ${row.label} | ${row.stats.count} | ${fmt(row.stats.p50)} | ${fmt(row.stats.p95)} | ${fmt(row.stats.max)} | ${other(row.stats)} |`,
    );
  const service = generation.rows.find((r) => r.label.startsWith("createDocumentFromTemplate"));
  if (service)
    lines.push(
      "",
      `Target under ${TARGETS.generate} ms: **${service.stats.p95 < TARGETS.generate ? "met" : "not met"}** (the whole service call, p95 ${fmt(service.stats.p95)} ms).`,
    );
  lines.push(
    "",
    ...Object.entries(meta)
      .filter(([key]) => key !== "date")
      .map(([key, value]) => `- ${key}: ${value}`),
  );
  return lines.join("\n");
}

const writeDoc = (results: string) => writeBenchResults("documents", "Documents: results", results);

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  if (!config.benchUrl) {
    if (!existsSync(path.join(config.appDir, ".next", "BUILD_ID"))) {
      console.error(
        `[bench:documents] no production build in ${path.join(config.appDir, ".next")}. Build it first (\`npx next build\` in ${config.appDir}), ` +
          "or point BENCH_URL at a running server that uses the benchmark database.",
      );
      process.exit(2);
    }
    if (!(await portIsFree(config.port)))
      throw new Error(`port ${config.port} is already in use (set BENCH_PORT, or BENCH_URL to use that server).`);
  }

  // The data set.
  let seeded: SeedResult | null = null;
  const existing = await existingDocuments();
  if (existing === config.count && !config.reseed) {
    log(`reusing ${config.dbName} (${existing} documents)`);
    // A kept database may predate a migration (an index, say): bring it up to date first.
    const { applyMigrations } = await import("../lib/database/schema-engine");
    const { PrismaPg } = await import("@prisma/adapter-pg");
    const applied = await applyMigrations(new PrismaPg({ connectionString: benchDbUrl, max: 2 }));
    if (applied.length) {
      const sql = postgres(benchDbUrl, { max: 1, onnotice: () => {} });
      await sql`VACUUM (ANALYZE) "Document"`.finally(() => sql.end());
      log(`applied ${applied.join(", ")}`);
    }
  } else {
    log(`seeding ${config.count} documents into ${config.dbName}`);
    seeded = await seedDocuments({
      baseDatabaseUrl: config.baseDatabaseUrl,
      dbName: config.dbName,
      count: config.count,
      log: (m) => log(`seed: ${m}`),
    });
  }

  // This process uses the bench database too: in-process services, the SQL, the generation.
  const storageDir = mkdtempSync(path.join(os.tmpdir(), "covenant-bench-storage-"));
  process.env.DATABASE_URL = benchDbUrl;
  process.env.STORAGE_DIR = storageDir;
  process.env.NEXTAUTH_SECRET ??= randomBytes(32).toString("base64url");
  process.env.DISABLE_JOBS = "1";
  const { db, disconnectDb } = await import("../lib/db");
  const { createSession } = await import("../lib/auth/session");
  const { anonymousContext } = await import("../lib/auth/context");
  const { buildContext } = await import("../lib/auth/get-request-context");
  const { documentListSchema, documentListSql } = await import("../lib/documents/document-list-sql");
  const { findDocuments } = await import("../lib/documents/find-documents");
  const { createDocumentFromTemplate } = await import("../lib/documents/create-document-from-template");
  const { generateFromTemplate } = await import("../lib/documents/fill-template");
  const { readStored } = await import("../lib/documents/stored-file");
  const { createTemplate, publishUnpublishTemplate } = await import("../lib/templates/templates");
  const { fillValues } = await import("../lib/templates/variables");
  const { makeDocx } = await import("../tests/fixtures/docx");
  const pool = new pg.Pool({ connectionString: benchDbUrl, max: config.connections });
  benchDbPids = async () =>
    (await pool.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1", [config.dbName])).rows.map((r) => r.pid);

  let server: Server | undefined;
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    if (server) {
      await stopServer(server);
      log("server stopped");
    }
    await pool.end().catch(() => {});
    await disconnectDb().catch(() => {});
    rmSync(storageDir, { recursive: true, force: true });
    if (config.keepDb) log(`kept ${config.dbName} (BENCH_KEEP_DB=true)`);
    else {
      await dropBenchDatabase(config.baseDatabaseUrl, config.dbName);
      log(`dropped ${config.dbName}`);
    }
  };
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    log(`${signal}: cleaning up`);
    cleanup().finally(() => process.exit(130));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  try {
    if (!config.benchUrl) {
      server = startServer(storageDir);
      serverGroup = server.child.pid;
      const startedAt = Date.now();
      await waitUntilReady(server);
      log(`next start (${config.appDir}) answers on ${origin} after ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    } else {
      await waitUntilReady(undefined, 10_000);
      log(`using the server at ${origin}`);
    }
    const token = await signIn();
    log(`signed in as ${BENCH_USER.email}`);

    // The same administrator in this process, for the services and the SQL.
    const user = await db.user.findUniqueOrThrow({ where: { email: BENCH_USER.email } });
    const session = await db.$transaction((tx) => createSession(tx, anonymousContext(), { userId: user.id, provider: "local" }));
    const ctx = await buildContext({
      header: (name) => (name === "authorization" ? `Bearer ${session.accessToken}` : null),
      cookie: () => null,
    });
    if (!ctx.accountId) throw new Error("the benchmark user has no workspace");

    const machineStart = machineCpu();
    const measureStart = performance.now();
    const results: CaseResult[] = [];
    for (const c of CASES) {
      const body = graphqlBody(c);
      const check = await fetch(`${origin}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body,
      });
      const text = await check.text();
      if (!check.ok || !validPage(text)) throw new Error(`${c.title}: unexpected answer ${check.status}: ${text.slice(0, 500)}`);
      const total = Number(/"total":(\d+)/.exec(text)![1]);
      const rows: Row[] = [];

      log(
        `${c.title}: GraphQL warm-up, then ${config.serial} requests one at a time, then ${config.connections} connections for ${config.duration} s`,
      );
      await driveHttp(body, token, { connections: config.connections, duration: config.warmup });
      rows.push({
        label: "GraphQL `documents` over HTTP",
        callers: 1,
        stats: await withOtherLoad(() => driveHttp(body, token, { connections: 1, amount: config.serial }), "server"),
      });
      rows.push({
        label: "GraphQL `documents` over HTTP",
        callers: config.connections,
        stats: await withOtherLoad(() => driveHttp(body, token, { connections: config.connections, duration: config.duration }), "server"),
      });

      log(`${c.title}: findDocuments in this process, then its SQL through pg`);
      const input = documentListSchema.parse(c.input);
      for (let i = 0; i < 20; i++) await findDocuments(ctx, input);
      rows.push({
        label: "findDocuments (the service, in process)",
        callers: 1,
        stats: await withOtherLoad(() => serially(config.serial, () => findDocuments(ctx, input))),
      });

      const statements = await documentListSql(ctx as Parameters<typeof documentListSql>[0], input);
      const ids: Sql = { text: statements.ids.text, values: statements.ids.values as unknown[] };
      const count: Sql = { text: statements.count.text, values: statements.count.values as unknown[] };
      if (config.verbose) log(`SQL:\n${ids.text}\n${JSON.stringify(ids.values)}\n${count.text}`);
      const page = () => Promise.all([pool.query(ids.text, ids.values), pool.query(count.text, count.values)]);
      const [idRows, countRows] = await page();
      if (Number(countRows.rows[0].total) !== total || idRows.rows.length !== Math.min(25, total))
        throw new Error(`${c.title}: the SQL found ${countRows.rows[0].total}, GraphQL ${total}`);
      for (let i = 0; i < 20; i++) await page();
      rows.push({
        label: "SQL: page ids + total, in parallel (findDocuments now sends them as one statement)",
        callers: 1,
        stats: await withOtherLoad(() => serially(config.serial, page)),
      });
      rows.push({
        label: "SQL: page ids + total, in parallel (findDocuments now sends them as one statement)",
        callers: config.connections,
        stats: await withOtherLoad(() => concurrently(config.connections, config.duration, page)),
      });
      rows.push({
        label: "SQL: page ids only",
        callers: 1,
        stats: await withOtherLoad(() => serially(config.serial, () => pool.query(ids.text, ids.values))),
      });
      rows.push({
        label: "SQL: total only",
        callers: 1,
        stats: await withOtherLoad(() => serially(config.serial, () => pool.query(count.text, count.values))),
      });

      const client = await pool.connect();
      try {
        results.push({ c, total, rows, plans: [await explain(client, "page ids", ids), await explain(client, "total", count)] });
      } finally {
        client.release();
      }
      for (const row of rows)
        log(
          `  ${row.label}, ${row.callers}: p50 ${fmt(row.stats.p50)} p95 ${fmt(row.stats.p95)} p99 ${fmt(row.stats.p99)} ms (${row.stats.count}, errors ${row.stats.errors})`,
        );
    }

    // Generation.
    log("generation: a 10-page template with 50 variables");
    const template = generationTemplate();
    const bytes = makeDocx(template.paragraphs);
    const created = await createTemplate(
      ctx,
      { language: "en", currency: "EUR", variables: template.variables as never },
      { name: "Bench master services agreement.docx", bytes },
    );
    const variables = created.variables as Parameters<typeof fillValues>[0];
    if (variables.length !== 50) throw new Error(`the template has ${variables.length} variables, not 50`);
    await publishUnpublishTemplate(ctx, created.id, true);
    const stored = await readStored(created.fileKey);
    const fill = () => {
      const filled = fillValues(variables, template.values, { language: "en", currency: "EUR" });
      return generateFromTemplate({ format: "docx", delimiter: created.delimiter }, stored, filled.text);
    };
    const sample = await fill();
    const leftover = /\[[a-z ]+\]/.exec(sample.text);
    if (leftover) throw new Error(`a field was not filled: ${leftover[0]}`);
    for (let i = 0; i < 5; i++) await fill();
    const genRows: Row[] = [];
    genRows.push({
      label: "fillValues + generateFromTemplate (in process, file already read)",
      callers: 1,
      stats: await withOtherLoad(() => serially(config.generateRuns, fill)),
    });
    const service = () => createDocumentFromTemplate(ctx, { templateId: created.id, values: template.values, fields: {} });
    for (let i = 0; i < 3; i++) await service();
    genRows.push({
      label: "createDocumentFromTemplate (the service: read, fill, store, insert, search vector, audit)",
      callers: 1,
      stats: await withOtherLoad(() => serially(config.generateRuns, service)),
    });
    if (server) {
      const mutation = JSON.stringify({
        query: "mutation ($data: CreateDocumentInput) { createDocument(data: $data) { id name } }",
        variables: { data: { templateId: created.id, values: template.values } },
      });
      const http = async () => {
        const response = await fetch(`${origin}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: mutation,
        });
        const text = await response.text();
        if (!response.ok || text.includes('"errors"')) throw new Error(`createDocument failed: ${text.slice(0, 500)}`);
      };
      for (let i = 0; i < 3; i++) await http();
      genRows.push({
        label: "GraphQL `createDocument` over HTTP",
        callers: 1,
        stats: await withOtherLoad(() => serially(config.generateRuns, http), "server"),
      });
    }
    // Leaves the data set as seeded, for a kept database's next run.
    await db.document.deleteMany({ where: { templateId: created.id } });
    await db.template.delete({ where: { id: created.id } });
    for (const row of genRows) log(`  ${row.label}: p50 ${fmt(row.stats.p50)} p95 ${fmt(row.stats.p95)} max ${fmt(row.stats.max)} ms`);
    const templateDescription = `a ${template.pages}-page DOCX template (${template.words.toLocaleString("en")} words, ${template.paragraphs.length} paragraphs, ${(bytes.byteLength / 1024).toFixed(0)} KB) with 50 variables of 9 types used ${template.uses} times, some split across runs`;

    const machineEnd = machineCpu();
    const measuredSeconds = (performance.now() - measureStart) / 1000;
    const cpus = os.cpus();
    const [pgVersion] = (await pool.query("show server_version")).rows.map((r) => r.server_version as string);
    const meta: Record<string, string> = {
      date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
      "Data set": `${config.count.toLocaleString("en")} documents in one workspace${seeded ? `, seeded in ${seeded.seconds.toFixed(0)} s` : " (reused)"}; the administrator sees them all`,
      Server: server
        ? `\`next start\` of the production build in ${config.appDir === ROOT ? "this project" : config.appDir}, port ${config.port}, its own process`
        : `BENCH_URL ${origin}`,
      Node: process.version,
      CPUs: `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown"}`,
      Memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
      PostgreSQL: `${pgVersion} (same machine)`,
      Load: `${config.serial} requests one at a time, then ${config.connections} connections for ${config.duration} s per query after a ${config.warmup} s warm-up; load generator on the same machine`,
      "CPU stolen by the hypervisor during the measurements":
        machineStart && machineEnd ? `${((machineEnd.steal - machineStart.steal) / measuredSeconds).toFixed(2)} cores on average` : "n/a",
      "Load average before the run": `${loadBefore.map((l) => l.toFixed(2)).join(" / ")} (1 / 5 / 15 min)${seeded ? ", before seeding" : ""}`,
    };
    const markdown = resultsMarkdown(results, { rows: genRows, template: templateDescription }, meta);
    console.log(`\n${markdown}\n`);
    if (config.write) {
      writeDoc(markdown);
      log("wrote docs/benchmarks.md");
    }
  } catch (error) {
    if (server && !config.verbose) console.error(`[bench:documents] server output (last lines):\n${server.output().slice(-4_000)}`);
    throw error;
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(`[bench:documents] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
