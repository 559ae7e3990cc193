/**
 * HTTP benchmark of the production build (`npm run bench`).
 *
 * 1. Builds the app when `.next` holds no production build.
 * 2. Creates a throw-away database `covenant_bench_<timestamp>` on the PostgreSQL server named by
 *    BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres).
 * 3. Starts `next start` on BENCH_PORT (default 3200) against it; the server migrates and seeds
 *    the demo workspace on start.
 * 4. Signs in as the demo user through the desktop route (bearer token), checks that both
 *    endpoints answer as that user, warms up, then drives each endpoint with autocannon:
 *    BENCH_CONNECTIONS (default 50) connections for BENCH_DURATION seconds (default 10). A route
 *    without database work is measured the same way as a reference, and for each endpoint also
 *    one request at a time and the CPU time per request of the server, PostgreSQL and autocannon
 *    (Linux /proc), which shows where the time goes. The floor route is measured before and after
 *    the endpoints, and /login before and after the signed-in shell (`/settings/preferences`, with
 *    the session cookie, at BENCH_PAGE_CONNECTIONS, default 10), for issue 15's two ratios: `me`'s
 *    app CPU per request against the floor's (target ≤ 2x), the shell's requests/s against
 *    /login's (target ≥ 0.8x).
 * 5. Prints the results and writes them into docs/benchmarks.md (only the part between the
 *    result markers changes), then stops the server and drops the database, also on failure
 *    or Ctrl-C.
 *
 * Other settings: BENCH_WARMUP (seconds per endpoint, default 3), BENCH_PAGE_SETTLE (seconds each page runs
 *    before the pages are measured, default 10), BENCH_WRITE=false (print only),
 * BENCH_VERBOSE=true (stream the server's output).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { numberEnv, processCpu, ROOT, writeBenchResults } from "./common";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";

// autocannon ships no type declarations: load it through require with the few types used here.
type Histogram = { average: number; p50: number; p90: number; p99: number; max: number };
type AutocannonResult = {
  requests: Histogram & { total: number };
  latency: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  mismatches: number;
  non2xx: number;
  "2xx": number;
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
const autocannon = createRequire(import.meta.url)("autocannon") as (options: AutocannonOptions) => Promise<AutocannonResult>;

const START_MARKER = "<!-- bench:results:start -->";
const END_MARKER = "<!-- bench:results:end -->";

const DEMO = { email: "demo@example.com", password: "Demo-password-1" };
/** Issue 15: `me` costs the app at most this many times the CPU per request of the floor route. */
const TARGET_ME_CPU_RATIO = 2;
/** Issue 15: an empty signed-in page serves at least this share of /login's requests per second. */
const TARGET_SHELL_RATIO = 0.8;

const config = {
  baseDatabaseUrl: process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
  port: numberEnv("BENCH_PORT", 3200),
  connections: numberEnv("BENCH_CONNECTIONS", 50),
  duration: numberEnv("BENCH_DURATION", 10),
  warmup: numberEnv("BENCH_WARMUP", 3),
  /** Connections for the two pages (the signed-in shell and /login): each costs tens of ms. */
  pageConnections: numberEnv("BENCH_PAGE_CONNECTIONS", 10),
  /** Seconds each of the two pages runs before they are measured (their code's first runs are slower). */
  pageSettle: numberEnv("BENCH_PAGE_SETTLE", 10),
  write: process.env.BENCH_WRITE !== "false",
  verbose: process.env.BENCH_VERBOSE === "true",
};
const origin = `http://127.0.0.1:${config.port}`;

const log = (message: string) => console.log(`[bench] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Build, database, server

const nextBin = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(args[0] ?? command)} exited with ${signal ?? code}`)),
    );
  });
}

async function ensureBuild(): Promise<void> {
  if (existsSync(path.join(ROOT, ".next", "BUILD_ID"))) return;
  log("no production build in .next: running `next build` first");
  await run(process.execPath, [nextBin, "build"], { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" });
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

const adminSql = () => postgres(config.baseDatabaseUrl, { max: 1, onnotice: () => {} });

async function createDatabase(name: string): Promise<string> {
  const sql = adminSql();
  try {
    const [{ server_version: version }] = await sql<{ server_version: string }[]>`show server_version`;
    await sql.unsafe(`create database "${name}"`);
    return version;
  } finally {
    await sql.end();
  }
}

async function dropDatabase(name: string): Promise<void> {
  const sql = adminSql();
  try {
    await sql.unsafe(`drop database if exists "${name}" with (force)`);
  } finally {
    await sql.end();
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

/** The server processes that serve the benchmark database (the app's connection pool). */
async function backendPids(dbName: string): Promise<number[]> {
  const sql = adminSql();
  try {
    const rows = await sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${dbName}`;
    return rows.map((row) => row.pid);
  } finally {
    await sql.end();
  }
}

/** CPU seconds the whole machine has spent busy (all cores, Linux's /proc/stat); null elsewhere. */
function machineBusySeconds(): number | null {
  try {
    const [, ...ticks] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).map(Number);
    // user nice system idle iowait irq softirq steal ...: idle and iowait are not busy.
    const busy = ticks.slice(0, 8).reduce((total, value, index) => (index === 3 || index === 4 ? total : total + value), 0);
    return busy / 100;
  } catch {
    return null;
  }
}

const selfCpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

type CpuUse = {
  /** The app server's process group. */
  app: number;
  /** The PostgreSQL backends serving the benchmark database (those open both before and after). */
  database: number;
  /** This process: autocannon. */
  client: number;
  /** Everything else on the machine (other work slows the run down). */
  other: number;
};

/** CPU seconds used during `work`, by whom; null without Linux's /proc. */
async function measureCpu<T>(serverPid: number, dbName: string, work: () => Promise<T>): Promise<{ result: T; cpu: CpuUse | null }> {
  const before = processCpu();
  const pidsBefore = await backendPids(dbName);
  const busyBefore = machineBusySeconds();
  const selfBefore = selfCpuSeconds();
  const result = await work();
  const self = selfCpuSeconds() - selfBefore;
  const busyAfter = machineBusySeconds();
  const pidsAfter = new Set(await backendPids(dbName));
  const after = processCpu();
  if (!after.size || busyBefore === null || busyAfter === null) return { result, cpu: null };
  const sum = (map: typeof after, pick: (pid: number, pgrp: number) => boolean) =>
    [...map].filter(([pid, { pgrp }]) => pick(pid, pgrp)).reduce((total, [, { seconds }]) => total + seconds, 0);
  const inGroup = (_pid: number, pgrp: number) => pgrp === serverPid;
  const backends = (pid: number) => pidsBefore.includes(pid) && pidsAfter.has(pid);
  const app = sum(after, inGroup) - sum(before, inGroup);
  const database = sum(after, backends) - sum(before, backends);
  return { result, cpu: { app, database, client: self, other: Math.max(0, busyAfter - busyBefore - app - database - self) } };
}

type Server = { child: ChildProcess; output: () => string; exited: Promise<void> };

function startServer(databaseUrl: string): Server {
  const secret = process.env.BENCH_NEXTAUTH_SECRET ?? randomBytes(32).toString("base64url");
  const child = spawn(process.execPath, [nextBin, "start", "--port", String(config.port), "--hostname", "127.0.0.1"], {
    cwd: ROOT,
    // Its own process group, so stopping it also stops anything it spawned.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      NEXTAUTH_SECRET: secret,
      // Files of its own: the shared ./storage holds the sealing certificate made under another secret.
      STORAGE_DIR: mkdtempSync(path.join(os.tmpdir(), "covenant-bench-storage-")),
      NEXTAUTH_URL: origin,
      // As bench/common.ts: Next gives the proxy the request's address as localhost, and a base
      // address on another host would send every screen to it (the sub-domain guard).
      APP_URL: `http://localhost:${config.port}`,
      PORT: String(config.port),
      NEXT_TELEMETRY_DISABLED: "1",
    },
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    if (config.verbose) process.stdout.write(`[server] ${chunk}`);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { child, output: () => output, exited };
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null || !server.child.pid) return;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-server.child.pid!, signal);
    } catch {
      // Already gone.
    }
  };
  signalGroup("SIGTERM");
  const stopped = await Promise.race([server.exited.then(() => true), sleep(10_000).then(() => false)]);
  if (!stopped) {
    signalGroup("SIGKILL");
    await server.exited;
  }
}

async function waitUntilReady(server: Server, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`next start exited early:\n${server.output()}`);
    try {
      const response = await fetch(`${origin}/vapp/auth/csrf`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`next start did not answer within ${timeoutMs / 1000} s:\n${server.output()}`);
}

// ---------------------------------------------------------------------------------------------
// Sign-in and the endpoints

async function signIn(): Promise<string> {
  const csrf = await fetch(`${origin}/vapp/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${origin}/vapp/auth/provider/local/desktop`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-csrf-token": csrfToken,
      cookie: `csrf-token=${encodeURIComponent(csrfToken)}`,
    },
    body: JSON.stringify(DEMO),
  });
  const body = (await response.json()) as { accessToken?: string };
  if (!response.ok || !body.accessToken) throw new Error(`sign-in failed (${response.status}): ${JSON.stringify(body)}`);
  return body.accessToken;
}

type Endpoint = {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: string;
  authenticated: boolean;
  /** Signed in with the session cookie, as a browser (pages), instead of the bearer token. */
  cookie?: boolean;
  /** A correct answer (a 200 with the wrong user or GraphQL errors is not a success). */
  verify: (body: string) => boolean;
};

const ME_QUERY = JSON.stringify({ query: "{ me { id email name } }" });
const hasDemoEmail = (body: string) => body.includes(`"email":"${DEMO.email}"`);

const ENDPOINTS: Endpoint[] = [
  { name: "GET /vapp/auth/session", method: "GET", path: "/vapp/auth/session", authenticated: true, verify: hasDemoEmail },
  {
    name: "POST /graphql `me`",
    method: "POST",
    path: "/graphql",
    body: ME_QUERY,
    authenticated: true,
    verify: (body) => hasDemoEmail(body) && !body.includes('"errors"'),
  },
];

/** For comparison: a route with the same wrapper and no database query (anonymous CSRF token). */
const REFERENCE: Endpoint = {
  name: "GET /vapp/auth/csrf (reference: no database)",
  method: "GET",
  path: "/vapp/auth/csrf",
  authenticated: false,
  verify: (body) => body.includes('"csrfToken"'),
};

/**
 * The pages of the shell target: /login (anonymous, no database) and the signed-in page with the
 * least data, `/settings/preferences` (the shell: guard, context, side menu, and the user's row),
 * as bench:pages uses for its reference. The shell's answer must be the page, not a redirect.
 */
const LOGIN_PAGE: Endpoint = {
  name: "GET /login (anonymous page)",
  method: "GET",
  path: "/login",
  authenticated: false,
  verify: (body) => body.includes('type="password"'),
};
const SHELL_PAGE: Endpoint = {
  name: "GET /settings/preferences (the signed-in shell)",
  method: "GET",
  path: "/settings/preferences",
  authenticated: true,
  cookie: true,
  verify: (body) => body.includes(DEMO.email),
};

const headersFor = (endpoint: Endpoint, token: string): Record<string, string> => ({
  accept: endpoint.cookie || endpoint.path === "/login" ? "text/html" : "application/json",
  ...(endpoint.body ? { "content-type": "application/json" } : {}),
  ...(endpoint.authenticated
    ? endpoint.cookie
      ? { cookie: `next-auth.session-token=${token}` }
      : { authorization: `Bearer ${token}` }
    : {}),
});

async function check(endpoint: Endpoint, token: string): Promise<void> {
  const response = await fetch(`${origin}${endpoint.path}`, {
    method: endpoint.method,
    headers: headersFor(endpoint, token),
    body: endpoint.body,
    redirect: "manual",
  });
  const body = await response.text();
  if (!response.ok || !endpoint.verify(body)) {
    throw new Error(`${endpoint.name} answered ${response.status} with an unexpected body: ${body.slice(0, 500)}`);
  }
}

const drive = (endpoint: Endpoint, token: string, options: Partial<AutocannonOptions>) =>
  autocannon({
    url: `${origin}${endpoint.path}`,
    method: endpoint.method,
    headers: headersFor(endpoint, token),
    body: endpoint.body,
    timeout: 10,
    verifyBody: endpoint.verify,
    ...options,
  });

/** One request at a time: the latency of a request with no queue in front of it. */
async function serialLatency(endpoint: Endpoint, token: string, count = 300): Promise<{ p50: number; p99: number }> {
  const result = await drive(endpoint, token, { connections: 1, amount: count });
  return { p50: result.latency.p50, p99: result.latency.p99 };
}

// ---------------------------------------------------------------------------------------------
// Report

type Row = {
  endpoint: Endpoint;
  /** "before" / "after" for a reference measured on both sides of what it is compared with. */
  label?: string;
  result: AutocannonResult;
  serial: { p50: number; p99: number };
  /** CPU seconds used during the loaded run. */
  cpu: CpuUse | null;
};

/** autocannon records latency in whole milliseconds. */
const ms = (value: number) => (value < 1 ? "<1" : value >= 100 || Number.isInteger(value) ? value.toFixed(0) : value.toFixed(1));

const appCpuMs = (row: Row | undefined): number =>
  row?.cpu && row.result.requests.total ? (row.cpu.app * 1000) / row.result.requests.total : Number.NaN;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const rowName = (row: Row) => `${row.endpoint.name}${row.label ? ` (${row.label})` : ""}`;

function resultsMarkdown(rows: Row[], pages: Row[], meta: Record<string, string>): string {
  const me = rows.find((row) => row.endpoint.path === "/graphql");
  const floor = rows.filter((row) => row.endpoint === REFERENCE);
  const floorCpu = mean(floor.map(appCpuMs));
  const meRatio = appCpuMs(me) / floorCpu;
  const shell = pages.find((row) => row.endpoint === SHELL_PAGE);
  const logins = pages.filter((row) => row.endpoint === LOGIN_PAGE);
  const loginRps = mean(logins.map((row) => row.result.requests.average));
  const shellRatio = (shell?.result.requests.average ?? Number.NaN) / loginRps;
  const verdict = (met: boolean) => (met ? "met" : "not met");
  const lines = [
    `Run of ${meta.date}.`,
    "",
    "| Endpoint | Requests/s | p50 (ms) | p90 (ms) | p99 (ms) | Errors / non-2xx | Wrong body | Requests |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...[...rows, ...pages].map((row) =>
      [
        "",
        rowName(row),
        row.result.requests.average.toFixed(0),
        ms(row.result.latency.p50),
        ms(row.result.latency.p90),
        ms(row.result.latency.p99),
        `${row.result.errors} / ${row.result.non2xx}`,
        String(row.result.mismatches),
        String(row.result.requests.total),
        "",
      ]
        .join(" | ")
        .trim(),
    ),
    "",
    `The endpoints ran at ${config.connections} connections for ${config.duration} s each; the two pages at ${config.pageConnections}.`,
    "",
    `**GraphQL \`me\`: ${appCpuMs(me).toFixed(2)} ms of app CPU per request, ${meRatio.toFixed(2)}x the floor route's ${floorCpu.toFixed(2)} ms ` +
      `(mean of its runs before and after) — target ≤ ${TARGET_ME_CPU_RATIO}x ${verdict(meRatio <= TARGET_ME_CPU_RATIO)}.**`,
    "",
    `**The signed-in shell: ${shell?.result.requests.average.toFixed(1)} requests/s, ${shellRatio.toFixed(2)}x /login's ${loginRps.toFixed(1)} ` +
      `(mean of its runs before and after) — target ≥ ${TARGET_SHELL_RATIO}x ${verdict(shellRatio >= TARGET_SHELL_RATIO)}.**`,
    "",
    "Where the time goes: latency of one request at a time (1 connection, 300 requests, so no queue), and the CPU",
    "time per request during the loaded run: the app server, the PostgreSQL backends serving",
    "the benchmark database, and autocannon. The last column is the CPU that other processes on the machine used",
    "meanwhile, in cores: anything above 0 slowed this run down, and moves requests per second more than CPU per request.",
    "",
    "| Endpoint | 1 connection p50 (ms) | 1 connection p99 (ms) | App CPU / request (ms) | PostgreSQL CPU / request (ms) | autocannon CPU / request (ms) | Other processes (cores) |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...[...rows, ...pages].map((row) => {
      const { serial, result, cpu } = row;
      const perRequest = (seconds: number | undefined) =>
        seconds === undefined || !result.requests.total ? "n/a" : ((seconds * 1000) / result.requests.total).toFixed(2);
      const other = cpu ? (cpu.other / result.duration).toFixed(2) : "n/a";
      return `| ${rowName(row)} | ${ms(serial.p50)} | ${ms(serial.p99)} | ${perRequest(cpu?.app)} | ${perRequest(cpu?.database)} | ${perRequest(cpu?.client)} | ${other} |`;
    }),
    "",
    ...Object.entries(meta)
      .filter(([key]) => key !== "date")
      .map(([key, value]) => `- ${key}: ${value}`),
  ];
  return lines.join("\n");
}

const DOC_TEMPLATE = `# Benchmarks

What is measured: the HTTP latency and throughput of two authenticated read endpoints of the
production build (\`next start\`) against a PostgreSQL server:

- \`GET /vapp/auth/session\`: the signed-in user with their memberships (REST);
- \`POST /graphql\` with \`{ me { id email name } }\` (GraphQL).

Both send \`Authorization: Bearer <access token>\` of the demo user, so every request decodes the
session token and reads the session, the membership and the user from the database. A third
route, \`GET /vapp/auth/csrf\` without a token, goes through the same route wrapper with no
database query and is measured as a reference (the floor), before and after the two. Then two
pages, at 10 connections (\`BENCH_PAGE_CONNECTIONS\`): \`/login\` without a session, before and
after \`/settings/preferences\` with the demo user's session cookie, the signed-in shell with the
least data (the reference of \`npm run bench:pages\`).

How: \`npm run bench\` (\`bench/run.ts\`) builds the app if \`.next\` holds no production build,
creates a throw-away database \`covenant_bench_<timestamp>\` on the server named by
\`BENCH_DATABASE_URL\` (default \`postgresql://postgres@127.0.0.1:5432/postgres\`), starts
\`next start\` on port 3200 with \`NODE_ENV=production\`, signs in as the demo user through
\`POST /vapp/auth/provider/local/desktop\`, checks both answers, warms up, then drives each
endpoint with [autocannon](https://github.com/mcollina/autocannon) (50 connections for 10 s;
\`BENCH_CONNECTIONS\`, \`BENCH_DURATION\` and \`BENCH_WARMUP\` change that). It then stops the
server and drops the database, and rewrites only the results section below (\`BENCH_WRITE=false\`
prints without writing; \`BENCH_PORT\` moves the server off 3200).

"Wrong body" counts 2xx answers that were not the demo user (a \`{ user: null }\` or a GraphQL
error would otherwise count as a success). The load generator runs on the same machine as the
server and PostgreSQL and shares its cores, so the numbers are a floor for what a dedicated
server does, and comparable only between runs on the same kind of machine. Run it on an
otherwise idle machine: the "Other processes" column shows how much CPU anything else took
during each measurement, and a run where it is well above 0 understates the app.

Targets (issue 15), each a ratio to a reference measured in the same run: \`me\` costs at most
${TARGET_ME_CPU_RATIO}x the app CPU per request of \`/vapp/auth/csrf\`; an empty signed-in page serves at least
${TARGET_SHELL_RATIO}x the requests per second of /login.

## Results

${START_MARKER}
${END_MARKER}
`;

const writeDoc = (results: string) => writeBenchResults("results", "Results", results, DOC_TEMPLATE);

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  await ensureBuild();
  if (!(await portIsFree(config.port))) throw new Error(`port ${config.port} is already in use (set BENCH_PORT).`);

  const loadBefore = os.loadavg()[0]!;
  const dbName = `covenant_bench_${Date.now()}`;
  const pgVersion = await createDatabase(dbName);
  log(`created database ${dbName} (PostgreSQL ${pgVersion})`);

  let server: Server | undefined;
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    if (server) {
      await stopServer(server);
      log("server stopped");
    }
    await dropDatabase(dbName);
    log(`dropped database ${dbName}`);
  };
  // Ctrl-C reaches this process twice (from the terminal and relayed by tsx): handle it once and
  // ignore repeats, so the clean-up is not cut short.
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
    server = startServer(databaseUrl(config.baseDatabaseUrl, dbName));
    const startedAt = Date.now();
    await waitUntilReady(server);
    log(`next start answers on ${origin} after ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);

    const token = await signIn();
    log("signed in as the demo user");
    for (const endpoint of [...ENDPOINTS, REFERENCE, LOGIN_PAGE, SHELL_PAGE]) await check(endpoint, token);

    const measure = async (endpoint: Endpoint, connections: number, label?: string): Promise<Row> => {
      log(`${endpoint.name}${label ? ` (${label})` : ""}: warm-up ${config.warmup} s`);
      await drive(endpoint, token, { connections: Math.min(10, connections), duration: config.warmup });
      const serial = await serialLatency(endpoint, token);
      log(`${endpoint.name}: ${connections} connections for ${config.duration} s`);
      const measured = await measureCpu(server!.child.pid!, dbName, () =>
        drive(endpoint, token, { connections, duration: config.duration }),
      );
      return { endpoint, label, result: measured.result, serial, cpu: measured.cpu };
    };
    // Each reference is measured on both sides of what it is compared with, within the same minutes.
    const rows: Row[] = [];
    rows.push(await measure(REFERENCE, config.connections, "before"));
    for (const endpoint of ENDPOINTS) rows.push(await measure(endpoint, config.connections));
    rows.push(await measure(REFERENCE, config.connections, "after"));
    // Both pages first run until their code is compiled and optimised: a 3 s warm-up left /login's
    // first measured run at 1.6x the CPU per request of its second (2026-11-28), which flattered
    // the shell against the mean of the two.
    for (const endpoint of [LOGIN_PAGE, SHELL_PAGE]) {
      log(`${endpoint.name}: settling for ${config.pageSettle} s`);
      await drive(endpoint, token, { connections: config.pageConnections, duration: config.pageSettle });
    }
    const pages: Row[] = [];
    pages.push(await measure(LOGIN_PAGE, config.pageConnections, "before"));
    pages.push(await measure(SHELL_PAGE, config.pageConnections));
    pages.push(await measure(LOGIN_PAGE, config.pageConnections, "after"));

    const cpus = os.cpus();
    const meta: Record<string, string> = {
      date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
      Node: process.version,
      CPUs: `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown"}`,
      Memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
      PostgreSQL: pgVersion,
      Load: `${config.connections} connections (pages ${config.pageConnections}), ${config.duration} s each after a ${config.warmup} s warm-up (the two pages first run ${config.pageSettle} s each), autocannon on the same machine`,
      "Load average before the run": loadBefore.toFixed(2),
    };
    const markdown = resultsMarkdown(rows, pages, meta);
    console.log(`\n${markdown}\n`);
    if (config.write) {
      writeDoc(markdown);
      log("wrote docs/benchmarks.md");
    }
  } catch (error) {
    if (server && config.verbose === false) console.error(`[bench] server output (last lines):\n${server.output().slice(-4_000)}`);
    throw error;
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(`[bench] failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
