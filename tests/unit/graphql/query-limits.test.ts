import { readFileSync } from "node:fs";
import path from "node:path";
import { Kind, Lexer, parse, Source, TokenKind, visit, type DocumentNode, type FragmentDefinitionNode } from "graphql";
import { createSchema, createYoga, type YogaInitialContext } from "graphql-yoga";
import { describe, expect, it } from "vitest";
import { anonymousContext } from "@/lib/auth/context";
import type { GraphQLContext } from "@/lib/graphql/context";
import { executionBudgetPlugin } from "@/lib/graphql/execution-budget-plugin";
import { mayIntrospect, readsSchema } from "@/lib/graphql/introspection-plugin";
import { operationCost } from "@/lib/graphql/list-cost-rule";
import { QUERY_LIMITS } from "@/lib/graphql/query-limits";
import { schema } from "@/lib/graphql/schema";
import { graphqlDocuments } from "./graphql-documents";

const cost = (query: string) => {
  const document = parse(query);
  const fragments = new Map(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  return Math.max(
    ...document.definitions.map((d) =>
      d.kind === Kind.OPERATION_DEFINITION ? operationCost(schema, d, (name) => fragments.get(name)) : 0,
    ),
  );
};

describe("the list cost (lib/graphql/list-cost-rule.ts)", () => {
  it("multiplies a page by its size: literal, variable default, largest page for a variable, largest default when omitted", () => {
    // documents × (itself + items (1 + id)); items is the page's list, already multiplied.
    expect(cost("{ documents(size: 100) { items { id } } }")).toBe(100 * 3);
    expect(cost("query ($n: Int = 10) { documents(size: $n) { items { id } } }")).toBe(10 * 3);
    expect(cost("query ($n: Int) { documents(size: $n) { items { id } } }")).toBe(100 * 3);
    expect(cost("{ documents { items { id } } }")).toBe(25 * 3);
    expect(cost("{ me { id email } }")).toBe(3);
  });

  it("counts lists without a size as 10 items, folder children and introspection as nothing more", () => {
    expect(cost("{ documents(size: 10) { items { tags { id } } } }")).toBe(10 * (1 + 1 + 10 * 2));
    expect(cost("{ folderTree { children { children { key } } } }")).toBe(1 + 1 + 1 + 1);
    expect(cost("{ __schema { types { name fields { name } } } __typename }")).toBe(0);
  });

  it("follows fragments, each costed once however often it is spread", () => {
    expect(cost("{ documents(size: 10) { ...page } } fragment page on DocumentPage { items { id } total }")).toBe(10 * (1 + 2 + 1));
    const fanOut = [
      "fragment f0 on User { id }",
      ...Array.from({ length: 40 }, (_, i) => `fragment f${i + 1} on User { ...f${i} ...f${i} }`),
    ].join(" ");
    expect(cost(`{ me { ...f40 } } ${fanOut}`)).toBe(1 + 2 ** 40);
  });
});

/** What the armor rules and ours count, measured the same way here. */
function measure(source: string, document: DocumentNode) {
  const lexer = new Lexer(new Source(source));
  let tokens = 0;
  while (lexer.advance().kind !== TokenKind.EOF) tokens++;
  let aliases = 0;
  let directives = 0;
  let depth = 0;
  visit(document, {
    Field(node, _key, _parent, _path, ancestors) {
      if (node.alias) aliases++;
      depth = Math.max(depth, ancestors.filter((a) => !Array.isArray(a) && (a as { kind?: string }).kind === Kind.FIELD).length + 1);
    },
    Directive() {
      directives++;
    },
  });
  const fragments = new Map(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  const costs = document.definitions.map((d) =>
    d.kind === Kind.OPERATION_DEFINITION ? operationCost(schema, d, (name) => fragments.get(name)) : 0,
  );
  return { tokens, aliases, directives, depth, cost: Math.max(...costs) };
}

/*
 * The browser sends no GraphQL of its own since issue 14 (it calls the declared operations), so
 * the margin is checked on the queries API clients send in our integration tests, leaving out
 * the tests that build over-limit queries on purpose.
 */
describe("QUERY_LIMITS leave real clients' GraphQL documents a wide margin", () => {
  const ON_PURPOSE = /query-limits|bad-input|response-scan/;
  const documents = graphqlDocuments(
    process.cwd(),
    ["tests/integration"],
    (file) => /\.test\.ts$/.test(file) && !ON_PURPOSE.test(file),
  ).filter((d) => /^\s*(query|mutation|subscription)\b/.test(d.source));

  it("app/ and components/ hold no GraphQL document: screens call the declared operations", () => {
    const screens = (file: string) => /\.tsx?$/.test(file) && !file.startsWith("app/graphql/");
    const operations = graphqlDocuments(process.cwd(), ["app", "components"], screens).filter((d) =>
      /^\s*(query|mutation|subscription)\b/.test(d.source),
    );
    expect(operations.map((d) => d.file)).toEqual([]);
    // Nor an anonymous `{ … }` one: nothing there calls the GraphQL client.
    const callers = graphqlDocuments(process.cwd(), ["app", "components"], screens).filter((d) =>
      readFileSync(path.join(process.cwd(), d.file), "utf8").includes("graphqlRequest("),
    );
    expect(callers.map((d) => d.file)).toEqual([]);
  });

  it("finds the documents the API clients of the tests send", () => {
    expect(documents.length).toBeGreaterThanOrEqual(50);
  });

  it("each is within half of every limit", () => {
    for (const { file, source, document } of documents) {
      const measured = measure(source, document);
      const half = {
        tokens: QUERY_LIMITS.tokens / 2,
        aliases: QUERY_LIMITS.aliases / 2,
        directives: QUERY_LIMITS.directives / 2,
        depth: QUERY_LIMITS.depth / 2,
        cost: QUERY_LIMITS.cost / 2,
      };
      for (const [limit, value] of Object.entries(measured))
        expect(value, `${limit} of ${file}: ${source}`).toBeLessThanOrEqual(half[limit as keyof typeof half]);
    }
  });
});

describe("introspection (lib/graphql/introspection-plugin.ts)", () => {
  it("anonymous callers may read the schema outside production only; signed-in users and API tokens always", () => {
    const anonymous = anonymousContext();
    expect(mayIntrospect(anonymous, "production")).toBe(false);
    expect(mayIntrospect(anonymous, "development")).toBe(true);
    expect(mayIntrospect(anonymous, "test")).toBe(true);
    expect(mayIntrospect(anonymous, undefined)).toBe(true);
    expect(mayIntrospect({ ...anonymous, userId: "u1" }, "production")).toBe(true);
  });

  it("recognises __schema and __type at the root, also through fragments; not __typename", () => {
    expect(readsSchema(parse("{ __schema { types { name } } }"))).toBe(true);
    expect(readsSchema(parse('{ me { id } ... on Query { __type(name: "User") { name } } }'))).toBe(true);
    expect(readsSchema(parse("query { ...a } fragment a on Query { ...b } fragment b on Query { __schema { queryType { name } } }"))).toBe(
      true,
    );
    expect(readsSchema(parse("{ __typename me { __typename } }"))).toBe(false);
    expect(readsSchema(parse("query A { me { id } } query B { __schema { queryType { name } } }"), "A")).toBe(false);
  });
});

describe("the execution budget (lib/graphql/execution-budget-plugin.ts)", () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** A small schema with a slow field, a list and a slow mutation, behind the plugin. */
  function server(options: { timeoutMs?: number; maxListItems?: number }) {
    const resolved: string[] = [];
    const testSchema = createSchema<YogaInitialContext & GraphQLContext>({
      typeDefs:
        "type Query { slow: Slow! after: Int! items(n: Int!): [Int!]! } type Slow { nested: Int! } type Mutation { slowWrite: Boolean! }",
      resolvers: {
        Query: {
          slow: async () => {
            await sleep(300);
            resolved.push("slow");
            return {};
          },
          after: () => {
            resolved.push("after");
            return 2;
          },
          items: (_root: unknown, { n }: { n: number }) => Array.from({ length: n }, (_, i) => i),
        },
        Slow: {
          nested: () => {
            resolved.push("nested");
            return 3;
          },
        },
        Mutation: {
          slowWrite: async () => {
            await sleep(150);
            resolved.push("write");
            return true;
          },
        },
      },
    });
    const yoga = createYoga({
      schema: testSchema,
      context: () => ({ ctx: anonymousContext({ locale: "ca" }), csrfOk: true }),
      plugins: [executionBudgetPlugin(testSchema, options)],
      maskedErrors: false,
    });
    const run = async (query: string) => {
      const response = await yoga.fetch("http://localhost/graphql", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query }),
      });
      return (await response.json()) as {
        data?: unknown;
        errors?: { message: string; extensions: { code: string; details: { limit: string } } }[];
      };
    };
    return { run, resolved };
  }

  it("stops a query at the deadline: QUERY_TOO_COMPLEX (executionMs), nothing resolved after it", async () => {
    const { run, resolved } = server({ timeoutMs: 50 });
    const result = await run("{ slow { nested } }");
    // Answered at the deadline, before the slow field is done (it takes 300 ms).
    expect(resolved).toEqual([]);
    expect(result.data).toBeNull();
    expect(result.errors?.[0].extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX", details: { limit: "executionMs" } });
    expect(result.errors?.[0].message).toBe(
      "Aquesta sol·licitud demana massa coses alhora: s'ha executat durant més de 50 ms. Demana'n menys o divideix-la en diverses sol·licituds.",
    );
    // The pending resolver finishes on its own; nothing under it runs.
    await sleep(400);
    expect(resolved).toEqual(["slow"]);
    expect(await run("{ after }")).toEqual({ data: { after: 2 } });
  });

  it("does not cut a mutation off: one that wrote answers as done", async () => {
    const { run, resolved } = server({ timeoutMs: 20 });
    expect(await run("mutation { slowWrite }")).toEqual({ data: { slowWrite: true } });
    expect(resolved).toEqual(["write"]);
  });

  it("caps the list items resolved per request: the whole request is refused (listItems)", async () => {
    const { run } = server({ maxListItems: 50 });
    expect(await run("{ a: items(n: 30) b: items(n: 20) }")).toMatchObject({ data: { a: expect.any(Array), b: expect.any(Array) } });
    const over = await run("{ a: items(n: 30) b: items(n: 21) }");
    expect(over.data).toBeNull();
    expect(over.errors).toHaveLength(1);
    expect(over.errors?.[0].extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX", details: { limit: "listItems" } });
  });
});
