/**
 * Benchmark of GraphQL's limits (security issue 13; `npm run bench:graphql-limits`): does a
 * GraphQL bomb still slow everyone else down?
 *
 * In process, without `next start` (so it needs no production build): the real `/graphql` and
 * `/vapp/auth/provider/local/desktop` route handlers are called with WHATWG Requests, in this one
 * Node.js process, as in the server (one event loop shared by every request); Next's HTTP layer is
 * left out. Against a throw-away database `covenant_bench_gql_<timestamp>` on the PostgreSQL
 * server named by BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres),
 * migrated, with one user; NODE_ENV=production.
 *
 * 1. Sign-in latency idle: BENCH_SIGNINS (default 30) password sign-ins one after the other, after
 *    5 to warm up.
 * 2. The same while two callers each send, in a loop, a signed-in request with 1,000 aliases of
 *    `documents(size: 100)` (the measured attack: 22 s each, sign-in 21.5 s instead of 25 ms);
 *    every one must be refused with QUERY_TOO_COMPLEX.
 * 3. Prints both, their ratio (target: within 2x) and the process's memory, and writes them into
 *    docs/benchmarks.md between the graphql-limits markers (BENCH_WRITE=false: print only); drops
 *    the database, also on failure.
 */
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { QUERY_LIMITS } from "../lib/graphql/query-limits";
import { machineLines, writeBenchResults } from "./common";
import { BENCH_USER, databaseUrl, dropBenchDatabase, seedDocuments } from "./seed-documents";

const USER = { email: BENCH_USER.email, password: BENCH_USER.password };
const TARGET_RATIO = 2;
/** Issue 37: a sign-in stays within 3x its idle latency while two callers flood allowed heavy queries. */
const TARGET_FLOOD_RATIO = 3;

const config = {
  baseDatabaseUrl: process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
  signIns: Number(process.env.BENCH_SIGNINS ?? 30),
  write: process.env.BENCH_WRITE !== "false",
  /** Documents in the workspace: the heavy queries read pages of 100 of them. */
  documents: Number(process.env.BENCH_GQL_DOCUMENTS ?? 2000),
  /** Between two sign-ins, and how long the callers run before the sign-ins start. */
  pauseMs: Number(process.env.BENCH_SIGNIN_PAUSE_MS ?? 100),
  warmupMs: Number(process.env.BENCH_FLOOD_WARMUP_MS ?? 5000),
};

const log = (message: string) => console.log(`[bench:graphql-limits] ${message}`);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;

async function adminSql<T>(work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(config.baseDatabaseUrl, { max: 1, onnotice: () => {} });
  try {
    return await work(sql);
  } finally {
    await sql.end();
  }
}

/** A second administrator of the bench workspace: the other flooding client (a caller of its own). */
const SECOND = { email: "bench-gql-second@example.test", password: "Bench-gql-second-password-1" };

async function main(): Promise<void> {
  const dbName = `covenant_bench_gql_${Date.now()}`;
  const pgVersion = await adminSql(async (sql) => (await sql<{ server_version: string }[]>`show server_version`)[0]!.server_version);
  // Before the app's modules load: they read these once.
  Object.assign(process.env, {
    NODE_ENV: "production",
    NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
    APP_URL: "http://localhost:3000",
    DISABLE_JOBS: "1",
  });
  const url = databaseUrl(config.baseDatabaseUrl, dbName);
  const { disconnectDb } = await import("../lib/db");
  try {
    // The documents workspace's seed (bench/seed-documents.ts): one administrator, DOCUMENTS documents.
    const seeded = await seedDocuments({ baseDatabaseUrl: config.baseDatabaseUrl, dbName, count: config.documents, log });
    process.env.DATABASE_URL = url;
    const { db } = await import("../lib/db");
    const { hashPassword } = await import("../lib/auth/crypto");
    const second = await db.user.create({
      data: {
        email: SECOND.email,
        firstName: "Sid",
        lastName: "Bench",
        passwordHash: await hashPassword(SECOND.password),
        emailVerified: new Date(),
        tos: true,
        tosAcceptedAt: new Date(),
        language: "en",
      },
    });
    await db.accountPolicy.create({ data: { accountId: seeded.accountId, userId: second.id, roleId: "role_administrator" } });
    log(`seeded: ${seeded.documents} documents, two administrators`);

    const { POST: graphqlPost } = await import("../app/graphql/route");
    const { POST: signInPost } = await import("../app/vapp/auth/provider/local/desktop/route");
    const { jsonRequest } = await import("../tests/factories/http");

    const signIn = async (who: { email: string; password: string } = USER): Promise<{ ms: number; token: string }> => {
      const started = performance.now();
      const response = await signInPost(jsonRequest("POST", "/vapp/auth/provider/local/desktop", { body: who }));
      const body = (await response.json()) as { accessToken?: string };
      if (!response.ok || !body.accessToken) throw new Error(`sign-in failed (${response.status}): ${JSON.stringify(body)}`);
      return { ms: performance.now() - started, token: body.accessToken };
    };
    const signIns = async (count: number) => {
      const times: number[] = [];
      for (let i = 0; i < count; i++) {
        // Spread over a few seconds, as people sign in: the callers' steady pace is measured, not their first burst.
        if (i) await new Promise((resolve) => setTimeout(resolve, config.pauseMs));
        times.push((await signIn()).ms);
        if (process.env.BENCH_VERBOSE === "true") log(`sign-in ${i + 1}: ${times.at(-1)!.toFixed(1)} ms`);
      }
      return times;
    };

    const { token } = await signIn();
    const { token: secondToken } = await signIn(SECOND);
    await signIns(5);
    const rssBefore = process.memoryUsage().rss;
    log(`idle: ${config.signIns} sign-ins`);
    const idle = await signIns(config.signIns);

    // A new document each time (the aliases' names change), as an attacker would send: Yoga caches
    // the parse of a document it has seen, refusals included, which would make a repeat free.
    const bomb = (n: number) =>
      JSON.stringify({
        query: `{ ${Array.from({ length: 1000 }, (_, i) => `r${n}_${i}: documents(size: 100) { items { id name } }`).join(" ")} }`,
      });
    type Sent = { ms: number; status: number; code?: string };
    /**
     * Sign-ins while two callers send `body(n)` in a loop, each as soon as its previous answer is
     * back (after a refusal with Retry-After, as soon as it is back too: a flood does not wait).
     * `tokens`: one caller's, or each its own.
     */
    const signInsWhile = async (body: (n: number) => string, tokens: [string, string] = [token, token]) => {
      const sent: Sent[] = [];
      let sending = true;
      const caller = async (token: string) => {
        while (sending) {
          // The next request arrives as a new event (a socket read in the server), not as a microtask
          // that would keep the event loop from ever reaching the sign-in's database replies.
          await new Promise((resolve) => setImmediate(resolve));
          const started = performance.now();
          const response = await graphqlPost(
            new Request("http://localhost:3000/graphql", {
              method: "POST",
              headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
              body: body(sent.length),
            }),
          );
          const answer = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
          sent.push({ ms: performance.now() - started, status: response.status, code: answer.errors?.[0]?.extensions?.code });
        }
      };
      const callers = tokens.map(caller);
      // The callers' first seconds (a quiet caller's bucket lets a burst through) are not measured.
      await new Promise((resolve) => setTimeout(resolve, config.warmupMs));
      const times = await signIns(config.signIns);
      sending = false;
      await Promise.all(callers);
      return { times, sent };
    };
    log(`under attack: two callers sending 1,000-alias requests in a loop, ${config.signIns} sign-ins`);
    const { times: underAttack, sent: bombs } = await signInsWhile(bomb);
    const rssAfter = process.memoryUsage().rss;
    log(`reference: two callers sending { __typename } in a loop, ${config.signIns} sign-ins`);
    const { times: underTrivial, sent: trivial } = await signInsWhile(() => JSON.stringify({ query: "{ __typename }" }));
    // Allowed, and as heavy as allowed: the most aliases (15) of the largest page (100 documents).
    const heavy = JSON.stringify({
      query: `{ ${Array.from({ length: QUERY_LIMITS.aliases }, (_, i) => `p${i}: documents(size: 100, page: ${i + 1}) { items { id name status updatedAt } }`).join(" ")} }`,
    });
    log(
      `flood: two administrators sending ${QUERY_LIMITS.aliases} pages of 100 documents per request in a loop, ${config.signIns} sign-ins`,
    );
    const { times: underFlood, sent: floods } = await signInsWhile(() => heavy, [token, secondToken]);

    const refused = bombs.filter((b) => b.code === "QUERY_TOO_COMPLEX").length;
    if (refused !== bombs.length)
      throw new Error(
        `${bombs.length - refused} of ${bombs.length} bomb requests were not refused: ${JSON.stringify(bombs.find((b) => b.code !== "QUERY_TOO_COMPLEX"))}`,
      );
    const idleP50 = percentile(idle, 50);
    const attackP50 = percentile(underAttack, 50);
    const ratio = attackP50 / idleP50;
    const floodP50 = percentile(underFlood, 50);
    const floodRatio = floodP50 / idleP50;
    const answered = floods.filter((f) => f.status === 200 && !f.code);
    const limited = floods.filter((f) => f.status === 429);
    const lines = [
      `Run of ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}.`,
      "",
      "| Sign-in (`POST /vapp/auth/provider/local/desktop`) | Sign-ins | p50 (ms) | p95 (ms) | max (ms) |",
      "| --- | ---: | ---: | ---: | ---: |",
      `| idle | ${idle.length} | ${idleP50.toFixed(1)} | ${percentile(idle, 95).toFixed(1)} | ${Math.max(...idle).toFixed(1)} |`,
      `| while two callers send 1,000-alias requests in a loop | ${underAttack.length} | ${attackP50.toFixed(1)} | ${percentile(underAttack, 95).toFixed(1)} | ${Math.max(...underAttack).toFixed(1)} |`,
      `| reference: while two callers send \`{ __typename }\` in a loop | ${underTrivial.length} | ${percentile(underTrivial, 50).toFixed(1)} | ${percentile(underTrivial, 95).toFixed(1)} | ${Math.max(...underTrivial).toFixed(1)} |`,
      `| while two administrators send allowed heavy requests in a loop (${QUERY_LIMITS.aliases} × \`documents(size: 100)\`) | ${underFlood.length} | ${floodP50.toFixed(1)} | ${percentile(underFlood, 95).toFixed(1)} | ${Math.max(...underFlood).toFixed(1)} |`,
      "",
      `**Flood of allowed requests, ratio of the p50s / idle: ${floodRatio.toFixed(2)}x — target within ${TARGET_FLOOD_RATIO}x ${floodRatio <= TARGET_FLOOD_RATIO ? "met" : "not met"}.**`,
      "",
      `**Ratio of the p50s, under attack / idle: ${ratio.toFixed(2)}x — target within ${TARGET_RATIO}x ${ratio <= TARGET_RATIO ? "met" : "not met"}.** With the cheapest request instead: ${(percentile(underTrivial, 50) / idleP50).toFixed(2)}x.`,
      "",
      `- The 1,000-alias requests: ${bombs.length} sent, all refused with QUERY_TOO_COMPLEX (status ${[...new Set(bombs.map((b) => b.status))].join(", ")}), p50 ${percentile(
        bombs.map((b) => b.ms),
        50,
      ).toFixed(1)} ms, max ${Math.max(...bombs.map((b) => b.ms)).toFixed(1)} ms each (before the limits: 22 s each)`,
      `- The heavy requests: ${floods.length} sent in ${(floods.reduce((sum, f) => sum + f.ms, 0) / 2 / 1000).toFixed(1)} s by two callers, ${answered.length} answered (p50 ${percentile(
        answered.map((f) => f.ms),
        50,
      ).toFixed(
        1,
      )} ms), ${limited.length} asked to wait (429 with Retry-After)${floods.length - answered.length - limited.length ? `, ${floods.length - answered.length - limited.length} other answers (${[...new Set(floods.filter((f) => f.status !== 200 && f.status !== 429).map((f) => `${f.status} ${f.code ?? ""}`))].join(", ")})` : ""}`,
      `- The reference requests: ${trivial.length} sent, p50 ${percentile(
        trivial.map((b) => b.ms),
        50,
      ).toFixed(1)} ms each`,
      `- Process memory (RSS): ${mb(rssBefore)} before the attack, ${mb(rssAfter)} after (before the limits: +440 MB)`,
      "- In process: the route handlers called directly, one Node.js process as in the server; Next's HTTP layer left out",
      ...machineLines(pgVersion, "before the run"),
    ];
    const results = lines.join("\n");
    console.log(`\n${results}\n`);
    if (config.write) {
      writeBenchResults("graphql-limits", "GraphQL limits: results", results);
      log("written to docs/benchmarks.md");
    }
  } finally {
    await disconnectDb();
    await dropBenchDatabase(config.baseDatabaseUrl, dbName);
    log(`dropped database ${dbName}`);
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
