import { createYoga } from "graphql-yoga";
import { describe, expect, it } from "vitest";
import { buildContext, sourceFromRequest } from "@/lib/auth/get-request-context";
import { CallerBudget } from "@/lib/graphql/caller-budget";
import { callerBudgetPlugin } from "@/lib/graphql/caller-budget-plugin";
import type { GraphQLContext } from "@/lib/graphql/context";
import { maskError } from "@/lib/graphql/errors";
import { schema } from "@/lib/graphql/schema";
import { createAccount, signedInAs } from "@/tests/factories";

/**
 * Each caller's share of a process (issue 37), through the real schema and the real context: a
 * user who spends their cost budget waits, and past the longest wait is refused with 429,
 * Retry-After and a message in their language, while another user is served at once. The test
 * suite raises the route's own limits (vitest.config.ts): here the plugin gets tight ones.
 */
const limits = { concurrent: 2, waiting: 4, costPerSecond: 1_000, costBurst: 1_500, maxWaitMs: 1_500 };

function server() {
  return createYoga<{ request: Request }, GraphQLContext>({
    schema,
    graphqlEndpoint: "/graphql",
    fetchAPI: { Response },
    plugins: [callerBudgetPlugin(schema, new CallerBudget(limits))],
    context: async ({ request }) => ({ ctx: await buildContext(sourceFromRequest(request, { signedQuery: false })), csrfOk: true }),
    maskedErrors: { maskError: (error) => maskError(error, "en") },
  });
}

async function ask(yoga: ReturnType<typeof server>, query: string, accessToken: string) {
  const started = performance.now();
  const response = await yoga.fetch("http://localhost/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { data?: unknown; errors?: { message: string; extensions: Record<string, unknown> }[] };
  return { status: response.status, retryAfter: response.headers.get("retry-after"), ms: performance.now() - started, ...body };
}

// A page of 25: 25 × (1 + 3) + 1 = 101.
const PAGE = "{ documents(size: 25) { total items { id name } } }";
// Three pages of 100: 3 × 100 × (1 + 3) = 1,200, most of a quiet caller's 1,500.
const HEAVY = `{ ${[1, 2, 3].map((page) => `p${page}: documents(size: 100, page: ${page}) { items { id name } }`).join(" ")} }`;

describe("a caller's share of the process", () => {
  it("paces one user's heavy requests, refuses at once what would wait too long, and serves another user at once", async () => {
    const { account, owner } = await createAccount("Budget");
    const { accessToken } = await signedInAs(owner.id, account.id);
    const other = await createAccount("Budget two");
    const { accessToken: otherToken } = await signedInAs(other.owner.id, other.account.id);
    const yoga = server();

    // A quiet caller's burst: served at once.
    const first = await ask(yoga, HEAVY, accessToken);
    expect(first.errors).toBeUndefined();
    expect(first.status).toBe(200);

    // The bucket is nearly empty: the next heavy request waits its turn (about a second), then is served.
    const second = await ask(yoga, HEAVY, accessToken);
    expect(second.errors).toBeUndefined();
    expect(second.ms).toBeGreaterThan(500);

    // Two more at once: one waits its turn and is served; the other would wait past 1.5 s and is
    // refused at once (which one depends on whose context is ready first).
    const pair = await Promise.all([ask(yoga, HEAVY, accessToken), ask(yoga, HEAVY, accessToken)]);
    const waited = pair.find((answer) => answer.status === 200);
    const refused = pair.find((answer) => answer.status === 429);
    expect(waited?.errors).toBeUndefined();
    expect(refused).toBeDefined();
    expect(Number(refused!.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(refused!.data).toBeUndefined();
    expect(refused!.errors?.[0]?.extensions).toMatchObject({ code: "TOO_MANY_REQUESTS", type: "rate_limit" });
    expect(refused!.errors?.[0]?.message).toMatch(
      /^You are sending requests faster than the server answers one caller\. Try again in \d+ seconds?\.$/,
    );

    // Meanwhile another user has a share of their own.
    const elsewhere = await ask(yoga, PAGE, otherToken);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.errors).toBeUndefined();
  });

  it("answers the refusal in the caller's language", async () => {
    const { account, owner } = await createAccount("Presupuesto");
    const { db } = await import("@/lib/db");
    await db.user.update({ where: { id: owner.id }, data: { language: "es" } });
    const { accessToken } = await signedInAs(owner.id, account.id);
    const yoga = server();
    const answers = await Promise.all(Array.from({ length: 4 }, () => ask(yoga, HEAVY, accessToken)));
    const refused = answers.find((answer) => answer.status === 429);
    expect(refused?.errors?.[0]?.message).toMatch(
      /^Estás enviando peticiones más deprisa de lo que el servidor atiende a un solo usuario\./,
    );
  });
});
