import { describe, expect, it } from "vitest";
import { POST as graphql } from "@/app/graphql/route";
import { anonymousContext } from "@/lib/auth/context";
import { buildContext } from "@/lib/auth/get-request-context";
import { withRequestMemo } from "@/lib/auth/request-memo";
import { createSession } from "@/lib/auth/session";
import { countStatements, db, isEmbedded, queryRows } from "@/lib/db";
import { getCurrentUser } from "@/lib/users/get-me";
import { createAccount, createUser } from "@/tests/factories";

/**
 * The request context reads the signed-in user's row with the session, in its one statement
 * (issue 15): GraphQL `me` answers from it instead of reading the user again. That row must be the
 * one Prisma reads, every column with its type, on both databases.
 */
async function sessionContext(userId: string) {
  const session = await createSession(db, anonymousContext(), { userId, provider: "local" });
  return buildContext({ header: (name) => (name === "authorization" ? `Bearer ${session.accessToken}` : null), cookie: () => null });
}

describe("the signed-in user read with the session", () => {
  it("is the row Prisma reads, for a user with every column set and for one with the optional ones empty", async () => {
    const { owner } = await createAccount();
    await db.user.update({
      where: { id: owner.id },
      data: {
        avatar: "avatars/a.png",
        phone: "+34 600 000 000",
        timezone: "Europe/Madrid",
        metadata: { tour: { done: true }, list: [1, "two"] },
        emailPreferences: { tips: false },
        tosAcceptedAt: new Date("2026-01-02T03:04:05.678Z"),
        signatureEmail: "sign@example.test",
        feedbackId: "fb-1",
      },
    });
    const bare = await createUser({ password: null, verified: false, tos: false });
    for (const userId of [owner.id, bare.id]) {
      const ctx = await sessionContext(userId);
      expect(ctx.sessionUser?.()).toEqual(await db.user.findUniqueOrThrow({ where: { id: userId } }));
    }
  });

  it("is read by a prepared statement on a PostgreSQL server, with the same answer on every run", async () => {
    const { owner, account } = await createAccount();
    const runs = [];
    // PostgreSQL keeps one plan for a prepared statement after its fifth run: the later runs use it.
    for (let run = 0; run < 7; run++) runs.push(await sessionContext(owner.id));
    for (const ctx of runs) {
      expect(ctx.accountId).toBe(account.id);
      expect([...ctx.permissions].sort()).toEqual([...runs[0].permissions].sort());
      expect(ctx.sessionUser?.()).toEqual(await db.user.findUniqueOrThrow({ where: { id: owner.id } }));
    }
    if (!isEmbedded()) {
      // The pool hands out the connection released last: the one that ran the session's statement.
      const prepared = await queryRows<{ statement: string }>("SELECT statement FROM pg_prepared_statements", []);
      expect(prepared.some((row) => row.statement.includes('FROM "Session" s'))).toBe(true);
    }
  });

  it("answers a read-only request's getCurrentUser without a statement, and reads again elsewhere", async () => {
    const user = await createUser();
    const ctx = await sessionContext(user.id);
    const fromDb = await db.user.findUniqueOrThrow({ where: { id: user.id } });

    const query = await countStatements(() => getCurrentUser(withRequestMemo(ctx, { readOnly: true })));
    expect(query.result).toEqual(fromDb);
    expect(query.statements).toHaveLength(0);

    // A mutation, a context without a request (a subscription's) and a selection of relations read the user.
    await db.user.update({ where: { id: user.id }, data: { firstName: "Renamed" } });
    for (const [context, select] of [
      [withRequestMemo(ctx, { readOnly: false }), undefined],
      [ctx, undefined],
      [withRequestMemo(ctx, { readOnly: true }), { id: true, firstName: true }],
    ] as const) {
      const read = await countStatements(() => getCurrentUser(context, select ? { select } : {}));
      expect(read.statements).toHaveLength(1);
      expect(read.result).toMatchObject({ id: user.id, firstName: "Renamed" });
    }
  });

  it("makes GraphQL `me` one statement, the session's", async () => {
    const user = await createUser({ firstName: "Ada" });
    const session = await createSession(db, anonymousContext(), { userId: user.id, provider: "local" });
    const { result, statements } = await countStatements(async () => {
      const response = await graphql(
        new Request("http://localhost/graphql", {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${session.accessToken}` },
          body: JSON.stringify({ query: "{ me { id email name hasPassword emailVerified metadata } }" }),
        }),
      );
      return response.json();
    });
    expect(result).toEqual({
      data: {
        me: {
          id: user.id,
          email: user.email,
          name: "Ada User",
          hasPassword: true,
          emailVerified: user.emailVerified!.toISOString(),
          metadata: {},
        },
      },
    });
    // The first request of a member also records their last access (an UPDATE sent without waiting).
    expect(statements.filter((sql) => !/^\s*UPDATE\b/i.test(sql))).toHaveLength(1);
  });
});
