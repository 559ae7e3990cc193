/**
 * Cold start of the embedded database (`npm run bench:cold-start`, issue 15): the time from
 * spawning `next start` of the production build on a fresh data folder to the first 200 of
 * /login, beside references measured in the same run.
 *
 * Each round (BENCH_ROUNDS, default 3) starts the build in BENCH_APP_DIR (default: this project;
 * `npx next build` first) on BENCH_PORT (default 3200) four times, polling /login every 20 ms,
 * and notes the server's CPU time (its process group, from /proc) when /login first answers:
 * 1. embedded, first start of the build: an empty PGLITE_DIR with the build's database template
 *    set aside (lib/database/template.ts), so PostgreSQL's initdb and the migrations run, and the
 *    server writes the template again;
 * 2. embedded, fresh: another empty PGLITE_DIR and storage folder, started from the template; then
 *    also the time until the demo user can sign in (POST /vapp/auth/provider/local/desktop);
 * 3. the reference: the same build restarted on the folder of step 2, so nothing to migrate or
 *    seed: what `next start` and opening the database cost anyway;
 * 4. PostgreSQL, fresh: a new database on the server of BENCH_DATABASE_URL (default
 *    postgresql://postgres@127.0.0.1:5432/postgres), migrated by the server, dropped afterwards
 *    (skipped when that server does not answer).
 * Prints the medians and writes them into docs/benchmarks.md between the cold-start markers
 * (BENCH_WRITE=false: print only).
 */
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { numberEnv, processCpu, ROOT, type Server, sleep, startNextServer, stopServer, writeBenchResults } from "./common";

const config = {
  appDir: path.resolve(process.env.BENCH_APP_DIR ?? ROOT),
  port: numberEnv("BENCH_PORT", 3200),
  rounds: numberEnv("BENCH_ROUNDS", 3),
  baseDatabaseUrl: process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
  write: process.env.BENCH_WRITE !== "false",
};
const origin = `http://127.0.0.1:${config.port}`;
const DEMO = { email: "demo@example.com", password: "Demo-password-1" };
/** The issue's target for the embedded cold start, in seconds. */
const TARGET_S = 2;

const log = (message: string) => console.log(`[bench:cold-start] ${message}`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => (ms / 1000).toFixed(2);

function startServer(env: Record<string, string | undefined>): Server {
  return startNextServer(config.appDir, config.port, {
    DISABLE_JOBS: "1",
    DB_QUERY_EVENTS: "",
    SEED_DEMO: undefined,
    AUTO_MIGRATE: undefined,
    DATABASE_URL: undefined,
    PGLITE_DIR: undefined,
    ...env,
  });
}

/** Milliseconds from `since` until `probe` holds, polling every 20 ms. */
async function until(server: Server, since: number, what: string, probe: () => Promise<boolean>): Promise<number> {
  const deadline = since + 120_000;
  while (performance.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`next start exited early:\n${server.output()}`);
    if (await probe().catch(() => false)) return performance.now() - since;
    await sleep(20);
  }
  throw new Error(`${what} did not happen in time:\n${server.output()}`);
}

const loginAnswers = async () => (await fetch(`${origin}/login`, { signal: AbortSignal.timeout(10_000) })).status === 200;

async function demoSignsIn(): Promise<boolean> {
  const csrf = await fetch(`${origin}/vapp/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${origin}/vapp/auth/provider/local/desktop`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-csrf-token": csrfToken, cookie: `csrf-token=${encodeURIComponent(csrfToken)}` },
    body: JSON.stringify(DEMO),
  });
  return response.ok && !!((await response.json()) as { accessToken?: string }).accessToken;
}

/** CPU seconds the server's processes (its process group) have used so far. */
const serverCpu = (server: Server) =>
  [...processCpu().values()].filter((p) => p.pgrp === server.child.pid).reduce((sum, p) => sum + p.seconds, 0);

type Start = { login: number; cpu: number; demo: number | null };

/** One start of the server: ms to the first 200 of /login, its CPU seconds by then, and (when asked) ms to the demo's sign-in. */
async function timeStart(env: Record<string, string | undefined>, withDemo: boolean): Promise<Start> {
  const since = performance.now();
  const server = startServer(env);
  try {
    const login = await until(server, since, "/login", loginAnswers);
    const cpu = serverCpu(server);
    const demo = withDemo ? await until(server, since, "the demo sign-in", demoSignsIn) : null;
    return { login, cpu, demo };
  } finally {
    await stopServer(server);
  }
}

/** The build's embedded database templates (lib/database/template.ts), set aside for a start without one. */
const templateDir = () => path.join(config.appDir, ".next", "cache", "covenant");
function hideTemplates(): () => void {
  const dir = templateDir();
  const hidden = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".tar.gz")) : [];
  for (const file of hidden) renameSync(path.join(dir, file), path.join(dir, `${file}.hidden`));
  return () => {
    for (const file of hidden) {
      // The start without one wrote it again: keep the one set aside.
      rmSync(path.join(dir, file), { force: true });
      renameSync(path.join(dir, `${file}.hidden`), path.join(dir, file));
    }
  };
}

async function postgresAnswers(): Promise<boolean> {
  const sql = postgres(config.baseDatabaseUrl, { max: 1, onnotice: () => {}, connect_timeout: 3 });
  return sql`select 1`
    .then(
      () => true,
      () => false,
    )
    .finally(() => sql.end());
}

async function withFreshPostgresDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  const name = `covenant_bench_cold_${Date.now()}`;
  const admin = postgres(config.baseDatabaseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(config.baseDatabaseUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}

async function main() {
  if (!existsSync(path.join(config.appDir, ".next", "BUILD_ID")))
    throw new Error(`No production build in ${config.appDir}: run \`npx next build\`.`);
  const withPostgres = await postgresAnswers();
  type Round = { first: Start; cold: Start; warm: Start; postgres: Start | null };
  const runs: Round[] = [];
  for (let round = 1; round <= config.rounds; round++) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "covenant-cold-"));
    const folder = (name: string) => ({ PGLITE_DIR: path.join(dir, name, "pglite"), STORAGE_DIR: path.join(dir, name, "storage") });
    try {
      // The first start of a build: no template yet (it writes one).
      const restore = hideTemplates();
      let first: Start;
      try {
        first = await timeStart(folder("first"), false);
      } finally {
        restore();
      }
      const cold = await timeStart(folder("fresh"), true);
      const warm = await timeStart(folder("fresh"), false);
      const postgres = withPostgres
        ? await withFreshPostgresDatabase(async (url) => timeStart({ DATABASE_URL: url, STORAGE_DIR: path.join(dir, "storage-pg") }, false))
        : null;
      runs.push({ first, cold, warm, postgres });
      log(
        `round ${round}: fresh ${seconds(cold.login)} s (demo sign-in ${seconds(cold.demo!)} s), first of the build ${seconds(first.login)} s, ` +
          `restart ${seconds(warm.login)} s${postgres ? `, PostgreSQL ${seconds(postgres.login)} s` : ""}`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const med = (pick: (r: Round) => number) => median(runs.map(pick));
  const warm = med((r) => r.warm.login);
  const row = (name: string, pick: (r: Round) => Start) =>
    `| ${name} | ${seconds(med((r) => pick(r).login))} | ${(med((r) => pick(r).login) / warm).toFixed(2)}x | ${med((r) => pick(r).cpu).toFixed(2)} |`;
  const cold = med((r) => r.cold.login);
  const load = os.loadavg().map((n) => n.toFixed(2));
  const results = [
    `Run of ${new Date().toISOString().slice(0, 19)}Z, median of ${config.rounds} rounds (every row measured in each round, one after the other).`,
    "",
    "| Start of `next start` (production build) | To the first 200 of /login (s) | Ratio to the restart | Server CPU by then (s) |",
    "| --- | ---: | ---: | ---: |",
    row("embedded, fresh data folder (from the build's template; the demo workspace follows)", (r) => r.cold),
    row(
      "embedded, fresh data folder, first start of the build (no template yet: initdb, migrations in one batch, writes the template)",
      (r) => r.first,
    ),
    row("reference: embedded, restarted on the folder of the first row (nothing to migrate or seed)", (r) => r.warm),
    ...(withPostgres
      ? [row("reference: PostgreSQL server, fresh database (schema engine migrations; the demo workspace follows)", (r) => r.postgres!)]
      : []),
    "",
    `**Embedded cold start: ${seconds(cold)} s — target ≤ ${TARGET_S} s ${cold <= TARGET_S * 1000 ? "met" : "not met"}**, ` +
      `${(cold / warm).toFixed(2)}x a restart of the same build. The demo user could sign in ${seconds(med((r) => r.cold.demo!))} s after the spawn.`,
    "",
    `- Rounds (fresh / first of the build / restart${withPostgres ? " / PostgreSQL" : ""}, s): ${runs
      .map((r) => [r.cold, r.first, r.warm, ...(r.postgres ? [r.postgres] : [])].map((x) => seconds(x.login)).join(" / "))
      .join("; ")}`,
    `- Node: ${process.version}; CPUs: ${os.cpus().length} × ${os.cpus()[0]?.model.split(" ").slice(0, 2).join(" ") ?? "?"}`,
    `- Load average after the run: ${load.join(" / ")} (1 / 5 / 15 min)`,
  ].join("\n");
  console.log(`\n${results}\n`);
  if (config.write) writeBenchResults("cold-start", "Embedded cold start (issue 15)", results);
}

await main();
