import { describe, expect, it } from "vitest";
import { PUT as putDataStore } from "@/app/vapp/accounts/data-store/route";
import { POST as register } from "@/app/vapp/auth/register/route";
import { getTranslator } from "@/lib/i18n/messages";
import { createAccount, signedInAs, uniqueEmail } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest } from "@/tests/factories/http";

type Field = { path: string; code: string; params?: Record<string, string | number>; message: string };

const fieldText = (locale: "en" | "es" | "ca", code: string, params?: Record<string, string | number>) =>
  getTranslator(locale)(`errors.fields.${code}` as never, params as never) as string;

/** Two rows with the same name (ignoring case) and one whose name breaks the name rule. */
const BAD_STORE = [
  { name: "Company", type: "text", value: "Acme" },
  { name: "company", type: "text", value: "Acme SL" },
  { name: "#bad", type: "text", value: "x" },
];

describe("field details of VALIDATION_FAILED: stable codes, params and the request's language", () => {
  it("REST: zod's issue codes with their params, and rule keys, in the request's language", async () => {
    const body = { email: uniqueEmail("fields"), password: "password", firstName: 42, lastName: "Li", accountName: "x".repeat(121) };
    const response = await register(jsonRequest("POST", "/vapp/auth/register", { body, headers: { "x-language": "es" } }));
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; details: { fields: Field[] } } };
    expect(error.code).toBe("VALIDATION_FAILED");
    const byPath = (path: string) => error.details.fields.filter((f) => f.path === path);
    expect(byPath("firstName")).toEqual([
      { path: "firstName", code: "invalid_type", params: { expected: "string" }, message: "Introduce un texto." },
    ]);
    expect(byPath("accountName")).toEqual([
      {
        path: "accountName",
        code: "too_big",
        params: { origin: "string", maximum: 120, inclusive: "true" },
        message: fieldText("es", "too_big", { origin: "string", maximum: 120, inclusive: "true" }),
      },
    ]);
    expect(byPath("accountName")[0].message).toBe("Usa como máximo 120 caracteres.");
    // `.regex(/[A-Z]/, { message: "uppercase" })`: the message is the code of a text.
    expect(
      byPath("password")
        .map((f) => f.code)
        .sort(),
    ).toEqual(["digit", "uppercase"]);
    expect(byPath("password").find((f) => f.code === "uppercase")?.message).toBe(fieldText("es", "uppercase"));
    // Nothing of zod's own English reaches the client.
    for (const field of error.details.fields) expect(field.message).not.toMatch(/Invalid|expected|Too (big|small)/);
  });

  it("an unknown field is unknown_field, one detail per key", async () => {
    const body = { email: uniqueEmail("fields"), password: "Str0ng-pass", firstName: "Bo", lastName: "Li", role: "x", admin: true };
    const response = await register(jsonRequest("POST", "/vapp/auth/register", { body, headers: { "x-language": "ca" } }));
    const { error } = (await response.json()) as { error: { message: string; details: { fields: Field[] } } };
    expect(error.details.fields).toEqual([
      { path: "role", code: "unknown_field", message: fieldText("ca", "unknown_field") },
      { path: "admin", code: "unknown_field", message: fieldText("ca", "unknown_field") },
    ]);
    expect(error.message).toContain("role, admin");
  });

  it("REST and GraphQL give the same details for the same input (data store)", async () => {
    const { account, owner } = await createAccount("Fields");
    const { accessToken } = await signedInAs(owner.id, account.id);
    const headers = { "x-language": "ca", authorization: `Bearer ${accessToken}` };

    const rest = await putDataStore(
      jsonRequest("PUT", "/vapp/accounts/data-store", { body: { variables: BAD_STORE }, headers, csrf: false }),
    );
    expect(rest.status).toBe(400);
    const restFields = ((await rest.json()) as { error: { details: { fields: Field[] } } }).error.details.fields;

    const gql = await graphql("mutation ($v: JSON!) { updateDataStore(variables: $v) { updatedAt } }", {
      accessToken,
      variables: { v: BAD_STORE },
      headers: { "x-language": "ca" },
    });
    const gqlFields = (gql.errors?.[0].extensions as { details?: { fields: Field[] } }).details?.fields;

    expect(restFields).toEqual(gqlFields);
    expect(restFields).toEqual(
      expect.arrayContaining([
        { path: "variables.2.name", code: "variableName", message: fieldText("ca", "variableName") },
        { path: "variables.1.name", code: "duplicateName", message: fieldText("ca", "duplicateName") },
      ]),
    );
    expect(fieldText("ca", "duplicateName")).toBe("Dues variables tenen el mateix nom.");
  });

  it("GraphQL: a custom refine message that is a key (timezone) becomes its text", async () => {
    const { account, owner } = await createAccount("Zones");
    const { accessToken } = await signedInAs(owner.id, account.id);
    const result = await graphql('mutation { updateUser(data: { timezone: "Mars/Olympus" }) { id } }', {
      accessToken,
      headers: { "x-language": "es" },
    });
    expect(result.errors?.[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      reason: "VALIDATION_FAILED",
      details: { fields: [{ path: "timezone", code: "timezone", message: fieldText("es", "timezone") }] },
    });
    expect(fieldText("en", "timezone")).toBe("Choose a time zone from the list.");
  });
});
