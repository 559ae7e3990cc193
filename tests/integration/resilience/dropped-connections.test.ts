import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { db, isEmbedded, querySql } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * PostgreSQL ends the app's connections (a restart, a failover, an administrator's
 * pg_terminate_backend) while it reads: a pooled connection that died is replaced and a read is
 * sent again once, so nobody sees an error for it (issue 37, item 7). The embedded database has
 * no connections to lose.
 */
describe.skipIf(isEmbedded())("reads while PostgreSQL ends every connection", () => {
  // This process's own connections only: the suite's other worker shares the database.
  it("all answer: a dropped connection is replaced and the read retried once", { timeout: 60_000 }, async () => {
    const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    const database = new URL(process.env.DATABASE_URL!).pathname.slice(1);
    const terminate = () =>
      admin`SELECT count(*)::int AS n FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = ${database} AND application_name = ${`covenant-${process.pid}`}) t`;
    await db.user.count();
    const failures: string[] = [];
    let reads = 0;
    let terminated = 0;
    const deadline = Date.now() + 4_500;
    const reader = async () => {
      while (Date.now() < deadline) {
        try {
          await Promise.all([db.user.findMany({ take: 5 }), db.account.count(), querySql<{ one: number }>(Prisma.sql`SELECT 1 AS one`)]);
          reads += 3;
        } catch (error) {
          failures.push((error as Error).message.split("\n").slice(-1)[0]!);
        }
      }
    };
    // Every connection of the app ended at once, six times while three readers keep going: 700 ms
    // apart, so that a read's one retry (under a loaded machine's delays) meets a new connection,
    // not the next round.
    const killer = async () => {
      for (let round = 0; round < 6; round++) {
        await new Promise((resolve) => setTimeout(resolve, 700));
        terminated += (await terminate())[0]!.n as number;
      }
    };
    await Promise.all([reader(), reader(), reader(), killer()]);
    await admin.end();
    expect(terminated).toBeGreaterThanOrEqual(6);
    expect(reads).toBeGreaterThan(30);
    expect(failures).toEqual([]);
  });
});
