import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildSchema } from "graphql";
import { createYoga } from "graphql-yoga";
import { schema } from "@/lib/graphql/schema";
import { queryLimitsPlugin } from "@/lib/graphql/query-limits-plugin";
import { QUERY_LIMITS } from "@/lib/graphql/query-limits";
import { createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { graphqlDocuments } from "@/tests/unit/graphql/graphql-documents";

/**
 * What ran for a request: SQL statements sent to the database (the embedded one or the server;
 * the request context's session lookup is one of them) and calls of the resolvers of every
 * root field (all of the API's data is reached through one).
 */
function watch() {
  const sql = [
    vi.spyOn(PGlite.prototype, "query"),
    vi.spyOn(PGlite.prototype, "exec"),
    vi.spyOn(PGlite.prototype, "transaction"),
    vi.spyOn(pg.Client.prototype, "query"),
  ];
  const roots = [schema.getQueryType()!, schema.getMutationType()!].flatMap((type) => Object.values(type.getFields()));
  const resolvers = roots
    .filter((field) => field.resolve)
    .map((field) => vi.spyOn(field as { resolve: (...args: unknown[]) => unknown }, "resolve"));
  const calls = (spies: { mock: { calls: unknown[] } }[]) => spies.reduce((total, spy) => total + spy.mock.calls.length, 0);
  return { sql: () => calls(sql), resolvers: () => calls(resolvers) };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

const aliases = (count: number, field: string) => `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${field}`).join(" ")} }`;

type Refusal = {
  status: number;
  errors?: { message: string; extensions: { code: string; details?: { limit?: string; max?: number; found?: number } } }[];
  data?: unknown;
};

function expectRefused(result: Refusal, limit: string) {
  expect(result.status).toBe(400);
  expect(result.data).toBeUndefined();
  expect(result.errors).toHaveLength(1);
  expect(result.errors?.[0].extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX", type: "validation", details: { limit } });
}

describe("GraphQL limits (security issue 13): refused before anything runs", () => {
  it("the measured bombs: 1,000 aliases of documents(size: 100) and of me, signed in: QUERY_TOO_COMPLEX, no resolver, no SQL", async () => {
    const { account, owner } = await createAccount("Bombs");
    const { accessToken } = await signedInAs(owner.id, account.id);
    const ran = watch();

    const documents = await graphql(aliases(1000, "documents(size: 100) { items { id name } }"), { accessToken });
    const me = await graphql(aliases(1000, "me { id email }"), { accessToken });

    // The aliases bomb is first over the token limit: both refusals say "too complex".
    for (const result of [documents, me]) {
      expect(result.status).toBe(400);
      expect(result.errors?.[0].extensions.code).toBe("QUERY_TOO_COMPLEX");
    }
    expect(ran.sql()).toBe(0);
    expect(ran.resolvers()).toBe(0);
  });

  it("answers a refusal only after its wait, so a loop of them leaves the process to others; other requests do not wait", async () => {
    const yoga = createYoga({ schema: buildSchema("type Query { hello: String }"), plugins: [queryLimitsPlugin({ refusalDelayMs: 300 })] });
    const ask = async (query: string) => {
      const started = performance.now();
      const response = await yoga.fetch("http://localhost/graphql", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query }),
      });
      return { status: response.status, waited: performance.now() - started };
    };
    const refused = await ask(aliases(QUERY_LIMITS.aliases + 1, "hello"));
    expect(refused.status).toBe(400);
    // setTimeout never fires early: a lower bound, whatever the machine's load.
    expect(refused.waited).toBeGreaterThanOrEqual(295);
    expect((await ask("{ hello }")).status).toBe(200);
  });

  it("aliases within the token limit: refused with limit aliases, in the caller's language", async () => {
    const { account, owner } = await createAccount("Aliases");
    const { accessToken } = await signedInAs(owner.id, account.id);
    const ran = watch();
    const query = aliases(QUERY_LIMITS.aliases + 1, "me { id }");
    const result = await graphql(query, { accessToken, headers: { "x-language": "es" } });
    expectRefused(result, "aliases");
    expect((result as Refusal).errors?.[0].extensions.details).toMatchObject({
      max: QUERY_LIMITS.aliases,
      found: QUERY_LIMITS.aliases + 1,
    });
    expect(result.errors?.[0].message).toBe(
      `Esta solicitud pide demasiado a la vez: más de ${QUERY_LIMITS.aliases} alias. Pide menos o divídela en varias solicitudes.`,
    );
    expect(ran.sql()).toBe(0);
    expect(ran.resolvers()).toBe(0);

    const english = await graphql(query, { accessToken });
    expect(english.errors?.[0].message).toBe(
      `This request asks for too much at once: more than ${QUERY_LIMITS.aliases} aliases. Ask for less, or split it into several requests.`,
    );
  });

  it("a deep query, a huge token count, too many directives and a cost bomb are refused", async () => {
    const { account, owner } = await createAccount("Deep");
    const { accessToken } = await signedInAs(owner.id, account.id);
    const ran = watch();

    const deep = `{ folderTree { ${"children { ".repeat(QUERY_LIMITS.depth)}key${" }".repeat(QUERY_LIMITS.depth)} } }`;
    expectRefused(await graphql(deep, { accessToken }), "depth");

    const tokens = `{ me { ${"id ".repeat(QUERY_LIMITS.tokens)} } }`;
    expectRefused(await graphql(tokens, { accessToken }), "tokens");

    const directives = `{ me { ${"id @include(if: true) ".repeat(QUERY_LIMITS.directives + 1)} } }`;
    expectRefused(await graphql(directives, { accessToken }), "directives");

    // A few aliases of a 100-document page with nested lists: each about 9,000.
    const page =
      "documents(size: 100) { total items { id name status ref tags { id name color count } highlight { text match } category { id name } } }";
    const cost = await graphql(`{ a: ${page} b: ${page} c: ${page} d: ${page} }`, { accessToken });
    expectRefused(cost, "cost");
    expect((cost as Refusal).errors?.[0].extensions.details?.found).toBeGreaterThan(QUERY_LIMITS.cost);

    // A variable size counts as the largest page a service accepts (100), whatever is sent.
    const variable = await graphql(
      `query ($size: Int) { a: ${page.replace("100", "$size")} b: ${page.replace("100", "$size")} c: ${page.replace("100", "$size")} d: ${page.replace("100", "$size")} }`,
      {
        accessToken,
        variables: { size: 1 },
      },
    );
    expectRefused(variable, "cost");

    expect(ran.sql()).toBe(0);
    expect(ran.resolvers()).toBe(0);
  });

  it("normal queries still pass, and the watch sees them run", async () => {
    const { account, owner } = await createAccount("Normal");
    const { accessToken } = await signedInAs(owner.id, account.id);
    const ran = watch();
    const me = await graphql("{ me { id email policies { role { name } account { id } } } }", { accessToken });
    expect(me.errors).toBeUndefined();
    const page = await graphql(
      "query ($size: Int) { documents(size: $size) { total items { id name tags { id name } highlight { text } } } hotDocuments { id } tags { id } folderTree { children { children { key } } } }",
      { accessToken, variables: { size: 100 } },
    );
    expect(page.errors).toBeUndefined();
    expect(page.data).toMatchObject({ documents: { total: 0, items: [] } });
    // Two aliases and a fragment are fine.
    const aliased = await graphql("{ a: me { ...who } b: me { ...who } } fragment who on User { id }", { accessToken });
    expect(aliased.errors).toBeUndefined();
    expect(ran.sql()).toBeGreaterThan(0);
    expect(ran.resolvers()).toBeGreaterThan(0);
  });

  it("every GraphQL document the tests' API clients send passes the limits (answered, not refused as too complex)", async () => {
    // The screens send none since issue 14; the clients' queries are in the integration tests.
    const ON_PURPOSE = /query-limits|bad-input|response-scan/;
    const documents = graphqlDocuments(
      process.cwd(),
      ["tests/integration"],
      (file) => /\.test\.ts$/.test(file) && !ON_PURPOSE.test(file),
      // Subscriptions answer a stream, not JSON: the unit test measures them.
    ).filter((d) => /^\s*(query|mutation)\b/.test(d.source));
    expect(documents.length).toBeGreaterThanOrEqual(50);
    for (const { file, source } of documents) {
      const result = await graphql(source, { csrf: false });
      const codes = result.errors?.map((error) => error.extensions.reason ?? error.extensions.code) ?? [];
      // Anonymous, without a CSRF token or variables: past the limits, refused by the later checks.
      expect(codes, `${file}: ${source}`).not.toContain("QUERY_TOO_COMPLEX");
      expect(codes, `${file}: ${source}`).not.toContain("INTERNAL");
    }
  });
});

describe("GraphQL introspection (security issue 13)", () => {
  const introspection = "{ __schema { queryType { name } } }";

  it("in production, refused to anonymous callers, allowed to a signed-in user; __typename stays open", async () => {
    const { account, owner } = await createAccount("Schema");
    const { accessToken } = await signedInAs(owner.id, account.id);
    vi.stubEnv("NODE_ENV", "production");

    const anonymous = await graphql(introspection);
    expect(anonymous.data).toBeUndefined();
    expect(anonymous.errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
    const byType = await graphql('query { ...t } fragment t on Query { __type(name: "Document") { name } }');
    expect(byType.errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
    expect((await graphql("{ __typename }")).data).toEqual({ __typename: "Query" });

    const signedIn = await graphql(introspection, { accessToken });
    expect(signedIn.errors).toBeUndefined();
    expect(signedIn.data).toEqual({ __schema: { queryType: { name: "Query" } } });
  });

  it("outside production (development, tests), anonymous callers may read the schema", async () => {
    const result = await graphql(introspection);
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ __schema: { queryType: { name: "Query" } } });
  });
});
