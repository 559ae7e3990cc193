/**
 * `npm run bench:me`: the CPU per request of GraphQL `me` and of the floor route, with the route
 * handlers called in this process (no HTTP, no Next.js server), so the figures hold still on a
 * machine busy with other work better than `npm run bench`'s (issue 15, docs/benchmarks.md).
 *
 * Creates a throw-away database on the PostgreSQL server of BENCH_DATABASE_URL, migrates it, adds
 * one user with a workspace, signs in through the desktop route (a bearer token), then calls each
 * of these BENCH_REQUESTS times (2,000), one after the other, twice over (the first round warms
 * up): `GET /vapp/auth/csrf` (the floor), `{ __typename }` without and with the session (Yoga's own
 * cost, then the request context's), and `{ me { id email name } }`. Prints the CPU time of this
 * process per request and drops the database.
 */
import { randomBytes } from "node:crypto";
import postgres from "postgres";

const base = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const requests = Number(process.env.BENCH_REQUESTS ?? 2000);
const USER = { email: "bench-me@example.test", password: "Bench-me-password-1" };

async function main(): Promise<void> {
  const dbName = `covenant_bench_me_${Date.now()}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${dbName}"`);
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  // Before the app's modules load: they read these once.
  Object.assign(process.env, {
    NODE_ENV: "production",
    DATABASE_URL: url.toString(),
    NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
    APP_URL: "http://localhost:3000",
    DISABLE_JOBS: "1",
  });
  const { disconnectDb } = await import("../lib/db");
  try {
    const { applyMigrations } = await import("../lib/database/schema-engine");
    const { PrismaPg } = await import("@prisma/adapter-pg");
    await applyMigrations(new PrismaPg({ connectionString: url.toString(), max: 2 }));
    const { db } = await import("../lib/db");
    const { createAccountForOwner } = await import("../lib/accounts/create-account");
    const { anonymousContext } = await import("../lib/auth/context");
    const { hashPassword } = await import("../lib/auth/crypto");
    const passwordHash = await hashPassword(USER.password);
    await db.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { email: USER.email, firstName: "Me", lastName: "Bench", passwordHash, emailVerified: new Date(), tos: true, language: "en" },
      });
      await createAccountForOwner(tx, anonymousContext({ via: "system" }), { name: "Me", ownerId: user.id, slug: "bench-me" });
    });
    const { POST: graphqlPost } = await import("../app/graphql/route");
    const { GET: csrfGet } = await import("../app/vapp/auth/csrf/route");
    const { POST: signInPost } = await import("../app/vapp/auth/provider/local/desktop/route");
    const { jsonRequest } = await import("../tests/factories/http");
    const signIn = await signInPost(jsonRequest("POST", "/vapp/auth/provider/local/desktop", { body: USER }));
    const { accessToken } = (await signIn.json()) as { accessToken: string };

    const graphql = (query: string, signedIn: boolean) => () =>
      graphqlPost(
        new Request("http://localhost:3000/graphql", {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json",
            ...(signedIn ? { authorization: `Bearer ${accessToken}` } : {}),
          },
          body: JSON.stringify({ query }),
        }),
      );
    const floor = () =>
      (csrfGet as unknown as (request: Request) => Promise<Response>)(new Request("http://localhost:3000/vapp/auth/csrf"));
    const runs: [string, () => Promise<Response>][] = [
      ["GET /vapp/auth/csrf (the floor)", floor],
      ["{ __typename } without a session", graphql("{ __typename }", false)],
      ["{ __typename } with the session", graphql("{ __typename }", true)],
      ["{ me { id email name } }", graphql("{ me { id email name } }", true)],
    ];
    const me = await (await runs[3]![1]()).json();
    if (me?.data?.me?.email !== USER.email) throw new Error(`me answered ${JSON.stringify(me)}`);
    for (const round of ["warm-up", "measured"]) {
      for (const [name, call] of runs) {
        const before = process.cpuUsage();
        for (let i = 0; i < requests; i++) await (await call()).text();
        const used = process.cpuUsage(before);
        if (round === "measured") console.log(`${name}: ${((used.user + used.system) / 1000 / requests).toFixed(3)} ms of CPU per request`);
      }
    }
  } finally {
    await disconnectDb();
    await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
    await admin.end();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
