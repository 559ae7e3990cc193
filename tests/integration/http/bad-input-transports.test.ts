import { beforeAll, describe, expect, it } from "vitest";
import * as documentLinks from "@/app/vapp/documents/[id]/links/route";
import * as documentRelations from "@/app/vapp/documents/[id]/relations/route";
import * as documentStatus from "@/app/vapp/documents/[id]/status/route";
import * as documentValues from "@/app/vapp/documents/[id]/values/route";
import * as fromTemplate from "@/app/vapp/documents/from-template/route";
import * as tagsBulkDelete from "@/app/vapp/tags/bulk-delete/route";
import * as tags from "@/app/vapp/tags/route";
import * as documents from "@/app/vapp/documents/route";
import * as users from "@/app/vapp/users/route";
import { createAccount, signedInAs } from "@/tests/factories";
import { graphql, type GraphQLErrorExtensions } from "@/tests/factories/graphql";
import { jsonRequest, params } from "@/tests/factories/http";

/**
 * Issue 14, "Done when": over-limit and malformed input gets the same answer on both transports,
 * never a 5xx. REST answers 400 with our code and `details.fields`; GraphQL answers
 * BAD_USER_INPUT with our code as `reason`, `type: "validation"`, the same translated message and
 * `fields` with the same paths (docs/api.md, "Bad input (GraphQL)").
 */
type RestError = { code: string; type: string; message: string; details?: { fields?: { path: string; code: string; message: string }[] } };

let accessToken = "";
beforeAll(async () => {
  const { account, owner } = await createAccount("Bad input");
  ({ accessToken } = await signedInAs(owner.id, account.id));
});

const headers = () => ({ authorization: `Bearer ${accessToken}`, "x-language": "es" });
const rest = (method: string, path: string, body?: unknown) => jsonRequest(method, path, { body, headers: headers(), csrf: false });

async function restAnswer(response: Response) {
  return { status: response.status, error: ((await response.json()) as { error: RestError }).error };
}

async function graphqlAnswer(query: string, variables: Record<string, unknown> = {}) {
  const result = await graphql(query, { accessToken, variables, headers: { "x-language": "es" } });
  expect(result.errors, query).toHaveLength(1);
  return { status: result.status, extensions: result.errors![0].extensions as GraphQLErrorExtensions, message: result.errors![0].message };
}

/** The shared expectations: REST 400 with our code, GraphQL BAD_USER_INPUT with it as reason, same message and paths. */
function expectSameAnswer(
  restSide: Awaited<ReturnType<typeof restAnswer>>,
  gql: Awaited<ReturnType<typeof graphqlAnswer>>,
  code: string,
  paths: string[],
) {
  expect(restSide.status).toBe(400);
  expect(restSide.error).toMatchObject({ code, type: "validation" });
  expect(restSide.error.details?.fields?.map((f) => f.path)).toEqual(paths);

  expect(gql.status).toBeLessThan(500);
  expect(gql.extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: code, type: "validation" });
  expect(gql.extensions.fields?.map((f) => f.path)).toEqual(paths);
  expect(gql.extensions.fields?.every((f) => typeof f.code === "string" && f.message.length > 0)).toBe(true);

  expect(gql.message).toBe(restSide.error.message);
  expect(gql.extensions.message).toBe(restSide.error.message);
}

describe("bad input gets the same answer over REST and GraphQL (issue 14)", () => {
  it("over the limit: bulkDeleteTags with 501 ids", async () => {
    const ids = Array.from({ length: 501 }, (_, i) => `tag${i}`);
    const restSide = await restAnswer(await tagsBulkDelete.POST(rest("POST", "/vapp/tags/bulk-delete", { ids })));
    const gql = await graphqlAnswer("mutation Remove($ids: [ID!]!) { bulkDeleteTags(ids: $ids) }", { ids });
    expectSameAnswer(restSide, gql, "VALIDATION_FAILED", ["ids"]);
    expect(restSide.error.message).toBe("Algunos campos no son válidos: ids");
    // Each problem in the caller's language, the same on both transports.
    expect(gql.extensions.fields).toEqual([{ path: "ids", code: "too_big", message: "Elige como máximo 500 elementos." }]);
    expect(restSide.error.details?.fields).toEqual([expect.objectContaining(gql.extensions.fields![0])]);
  });

  it("over the limit: one id too long among them names its place in the list", async () => {
    const ids = ["a", "b", "c", "x".repeat(65)];
    const restSide = await restAnswer(await tagsBulkDelete.POST(rest("POST", "/vapp/tags/bulk-delete", { ids })));
    const gql = await graphqlAnswer("mutation Remove($ids: [ID!]!) { bulkDeleteTags(ids: $ids) }", { ids });
    expectSameAnswer(restSide, gql, "VALIDATION_FAILED", ["ids.3"]);
  });

  it("malformed: a tag name too long", async () => {
    const name = "n".repeat(300);
    const restSide = await restAnswer(await tags.POST(rest("POST", "/vapp/tags", { name })));
    const gql = await graphqlAnswer("mutation Create($name: String!) { createTag(name: $name) { id } }", { name });
    expectSameAnswer(restSide, gql, "VALIDATION_FAILED", ["name"]);
    expect(gql.extensions.fields?.[0]).toMatchObject({ code: "too_big", message: restSide.error.details?.fields?.[0].message });
  });

  it("hostile: a null character (U+0000), which PostgreSQL cannot store, in a tag's name or a list's words", async () => {
    const name = "Tag\u0000name";
    const restSide = await restAnswer(await tags.POST(rest("POST", "/vapp/tags", { name })));
    const gql = await graphqlAnswer("mutation Create($name: String!) { createTag(name: $name) { id } }", { name });
    expectSameAnswer(restSide, gql, "VALIDATION_FAILED", ["name"]);
    expect(gql.extensions.fields).toEqual([
      {
        path: "name",
        code: "nulCharacter",
        message: "Este texto contiene un carácter nulo (U+0000), que no se puede guardar. Elimínalo y vuelve a intentarlo.",
      },
    ]);
    // In an address: the documents list's words (a 500 from PostgreSQL before).
    const search = await restAnswer(await documents.GET(jsonRequest("GET", "/vapp/documents?q=a%00b", { headers: headers() })));
    expect(search).toMatchObject({
      status: 400,
      error: { code: "VALIDATION_FAILED", details: { fields: [{ path: "search", code: "nulCharacter" }] } },
    });
  });

  it("hostile: half of a surrogate pair, which PostgreSQL refuses in JSON, in a tag's name", async () => {
    // JSON.stringify writes it as the escape "\ud800", which JSON.parse on the server turns back into half a pair.
    const name = "Tag\ud800name";
    const restSide = await restAnswer(await tags.POST(rest("POST", "/vapp/tags", { name })));
    const gql = await graphqlAnswer("mutation Create($name: String!) { createTag(name: $name) { id } }", { name });
    expectSameAnswer(restSide, gql, "VALIDATION_FAILED", ["name"]);
    expect(gql.extensions.fields).toEqual([
      {
        path: "name",
        code: "unpairedSurrogate",
        message:
          "Este texto contiene un carácter roto (la mitad de un par sustituto UTF-16), que no se puede guardar. Vuelve a escribir el texto e inténtalo de nuevo.",
      },
    ]);
  });

  it("missing: a required argument not given, in a literal or a variable", async () => {
    const restSide = await restAnswer(await tagsBulkDelete.POST(rest("POST", "/vapp/tags/bulk-delete", {})));
    const literal = await graphqlAnswer("mutation { bulkDeleteTags }");
    expectSameAnswer(restSide, literal, "MISSING_PARAMETER", ["ids"]);
    expect(literal.status).toBe(400);
    expect(restSide.error.message).toBe("El parámetro obligatorio ids era nulo o no estaba definido al llamar a bulkDeleteTags");
    const variable = await graphqlAnswer("mutation Remove($ids: [ID!]!) { bulkDeleteTags(ids: $ids) }");
    expectSameAnswer(restSide, variable, "MISSING_PARAMETER", ["ids"]);
    expect(variable.extensions.fields).toEqual([{ path: "ids", code: "required", message: "Este campo es obligatorio." }]);
  });

  it("malformed: a value outside the allowed ones (a zod enum on both transports, a String in GraphQL)", async () => {
    // A language is a String in GraphQL ("pt-br" cannot be an enum value's name): the declaration alone refuses it.
    const restSide = await restAnswer(await users.PATCH(rest("PATCH", "/vapp/users", { language: "xx" })));
    const gql = await graphqlAnswer("mutation Profile($language: String) { updateUser(data: { language: $language }) { id } }", {
      language: "xx",
    });
    expectSameAnswer(restSide, gql, "VALIDATION_FAILED", ["language"]);
    expect(gql.extensions.fields).toEqual(restSide.error.details?.fields?.map(({ path, code, message }) => ({ path, code, message })));
  });

  it("malformed: a GraphQL enum value the schema does not know, in a literal or a variable", async () => {
    // No document is needed: input is checked before anything is looked up.
    const restSide = await restAnswer(
      await documentStatus.POST(rest("POST", "/vapp/documents/unknown/status", { newStatus: "GONE" }), params({ id: "unknown" })),
    );
    const literal = await graphqlAnswer('mutation { updateDocumentStatus(id: "unknown", newStatus: GONE) { id } }');
    expectSameAnswer(restSide, literal, "VALIDATION_FAILED", ["newStatus"]);
    expect(literal.status).toBe(400);
    const variable = await graphqlAnswer(
      'mutation Status($status: DocumentStatus!) { updateDocumentStatus(id: "unknown", newStatus: $status) { id } }',
      { status: "GONE" },
    );
    expectSameAnswer(restSide, variable, "VALIDATION_FAILED", ["newStatus"]);
  });

  // createDocument, updateDocumentValues, upsertLink and upsertRelation run their declarations: input is checked before anything is looked up.
  it("over the limit: createDocument from a template, a name too long (its details are `fields`, as over REST)", async () => {
    const name = "n".repeat(300);
    const restSide = await restAnswer(
      await fromTemplate.POST(rest("POST", "/vapp/documents/from-template", { templateId: "unknown", fields: { name } })),
    );
    const gql = await graphqlAnswer("mutation Create($data: CreateDocumentInput) { createDocument(data: $data) { id } }", {
      data: { templateId: "unknown", name },
    });
    expectSameAnswer(restSide, gql, "VALIDATION_FAILED", ["fields.name"]);
    expect(gql.extensions.fields?.[0]).toMatchObject({ code: "too_big", message: restSide.error.details?.fields?.[0].message });
  });

  it("malformed: createDocument from a template, a value that is no field value", async () => {
    const values = { party: { nested: { too: "deep" } } };
    const restSide = await restAnswer(
      await fromTemplate.POST(rest("POST", "/vapp/documents/from-template", { templateId: "unknown", values })),
    );
    const gql = await graphqlAnswer("mutation Create($data: CreateDocumentInput) { createDocument(data: $data) { id } }", {
      data: { templateId: "unknown", values },
    });
    expectSameAnswer(
      restSide,
      gql,
      "VALIDATION_FAILED",
      restSide.error.details!.fields!.map((f) => f.path),
    );
    expect(restSide.error.details?.fields?.[0].path).toMatch(/^values\.party/);
  });

  it("malformed: updateDocumentValues with values that are not an object", async () => {
    const restSide = await restAnswer(
      await documentValues.PUT(rest("PUT", "/vapp/documents/unknown/values", { values: ["a"] }), params({ id: "unknown" })),
    );
    const gql = await graphqlAnswer('mutation { updateDocumentValues(id: "unknown", values: ["a"]) { id } }');
    expectSameAnswer(restSide, gql, "VALIDATION_FAILED", ["values"]);
  });

  it("over the limit: upsertLink, a name too long, and without one a new link's name is missing", async () => {
    const name = "n".repeat(300);
    const restSide = await restAnswer(
      await documentLinks.PUT(rest("PUT", "/vapp/documents/unknown/links", { name }), params({ id: "unknown" })),
    );
    const gql = await graphqlAnswer('mutation Upsert($name: String) { upsertLink(id: "unknown", name: $name) { id } }', {
      name,
    });
    expectSameAnswer(restSide, gql, "VALIDATION_FAILED", ["name"]);
    // A new link (no id) takes createLink's settings, where the name is required.
    const restMissing = await restAnswer(
      await documentLinks.PUT(rest("PUT", "/vapp/documents/unknown/links", { role: "reader" }), params({ id: "unknown" })),
    );
    const gqlMissing = await graphqlAnswer('mutation { upsertLink(id: "unknown", role: reader) { id } }');
    expectSameAnswer(restMissing, gqlMissing, "MISSING_PARAMETER", ["name"]);
  });

  it("malformed: upsertRelation changing a relation's ends", async () => {
    const restSide = await restAnswer(
      await documentRelations.PUT(
        rest("PUT", "/vapp/documents/unknown/relations", { relationId: "r1", toDocumentId: "d2" }),
        params({ id: "unknown" }),
      ),
    );
    const gql = await graphqlAnswer('mutation { upsertRelation(id: "unknown", relationId: "r1", toDocumentId: "d2") { id } }');
    expectSameAnswer(
      restSide,
      gql,
      "VALIDATION_FAILED",
      restSide.error.details!.fields!.map((f) => f.path),
    );
  });

  it("query limits are not bad input: QUERY_TOO_COMPLEX keeps its code", async () => {
    const aliases = Array.from({ length: 20 }, (_, i) => `a${i}: me { id }`).join(" ");
    const result = await graphql(`{ ${aliases} }`, { accessToken, headers: { "x-language": "es" } });
    expect(result.status).toBe(400);
    expect(result.errors?.[0].extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX", type: "validation" });
    expect(result.errors?.[0].extensions.reason).toBeUndefined();
  });
});
