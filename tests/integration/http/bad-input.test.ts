import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { POST as register } from "@/app/vapp/auth/register/route";
import { POST as tos } from "@/app/vapp/users/tos/route";
import { GET as csrf } from "@/app/vapp/auth/csrf/route";
import { CSRF_COOKIE } from "@/lib/http/csrf";
import { createUser, signedInAs, uniqueEmail } from "@/tests/factories";
import { jsonRequest, setCookies } from "@/tests/factories/http";

const valid = () => ({ email: uniqueEmail("bad"), password: "Str0ng-pass", firstName: "Bo", lastName: "Li", accountName: "Li & Co" });

/**
 * Asserts the refusal and that nothing about `email` was written. (Counting whole tables would
 * race with the other worker when both share a PostgreSQL server.)
 */
async function expectRefused(request: Request, status: number, code: string, email?: string) {
  const response = await register(request);
  expect(response.status).toBe(status);
  const body = await response.json();
  expect(body.error.code).toBe(code);
  expect(body.error.message).toEqual(expect.any(String));
  if (email) {
    expect(await db.user.findUnique({ where: { email } })).toBeNull();
    expect(await db.audit.count({ where: { payload: { path: ["email"], equals: email } } })).toBe(0);
  }
  return body.error;
}

describe("bad input is refused with a clear message and writes nothing", () => {
  it("malformed JSON", async () => {
    const email = uniqueEmail("malformed");
    await expectRefused(jsonRequest("POST", "/vapp/auth/register", { rawBody: `{"email": "${email}",` }), 400, "MALFORMED_JSON", email);
  });

  it("wrong types", async () => {
    const body = { ...valid(), firstName: 42 };
    const error = await expectRefused(jsonRequest("POST", "/vapp/auth/register", { body }), 400, "VALIDATION_FAILED", body.email);
    expect(error.details.fields[0].path).toBe("firstName");
  });

  it("unknown fields", async () => {
    const body = { ...valid(), role: "Administrator" };
    const error = await expectRefused(jsonRequest("POST", "/vapp/auth/register", { body }), 400, "VALIDATION_FAILED", body.email);
    expect(error.details.fields[0]).toMatchObject({ path: "role", code: "unknown_field" });
  });

  it("an oversized body", async () => {
    const body = { ...valid(), firstName: "x".repeat(70 * 1024) };
    await expectRefused(jsonRequest("POST", "/vapp/auth/register", { body }), 400, "PAYLOAD_TOO_LARGE", body.email);
  });

  it("a missing required parameter, in the spec's exact words", async () => {
    const rest: Partial<ReturnType<typeof valid>> = valid();
    delete rest.password;
    const error = await expectRefused(jsonRequest("POST", "/vapp/auth/register", { body: rest }), 400, "MISSING_PARAMETER", rest.email);
    expect(error.message).toBe("Required parameter password was null or undefined when calling register");
  });

  it("a password that breaks the rules", async () => {
    const body = { ...valid(), password: "password" };
    await expectRefused(jsonRequest("POST", "/vapp/auth/register", { body }), 400, "VALIDATION_FAILED", body.email);
  });

  it("answers in the request's language", async () => {
    const spanish = await expectRefused(
      jsonRequest("POST", "/vapp/auth/register", { rawBody: "{", headers: { "x-language": "es" } }),
      400,
      "MALFORMED_JSON",
    );
    const portuguese = await expectRefused(
      jsonRequest("POST", "/vapp/auth/register", { rawBody: "{", headers: { "accept-language": "pt-BR,pt;q=0.8" } }),
      400,
      "MALFORMED_JSON",
    );
    const english = await expectRefused(jsonRequest("POST", "/vapp/auth/register", { rawBody: "{" }), 400, "MALFORMED_JSON");
    expect(new Set([spanish.message, portuguese.message, english.message]).size).toBe(3);
    expect(english.message).toBe("The request body is not valid JSON.");
  });
});

describe("CSRF", () => {
  it("refuses a state-changing call without the token, or with a forged one", async () => {
    const first = valid();
    await expectRefused(jsonRequest("POST", "/vapp/auth/register", { body: first, csrf: false }), 403, "CSRF_INVALID", first.email);
    const second = valid();
    await expectRefused(
      jsonRequest("POST", "/vapp/auth/register", {
        body: second,
        csrf: false,
        cookies: { [CSRF_COOKIE]: "abc.def" },
        headers: { "x-csrf-token": "abc.def" },
      }),
      403,
      "CSRF_INVALID",
      second.email,
    );
  });

  it("accepts the token the csrf route hands out", async () => {
    const issued = await csrf(jsonRequest("GET", "/vapp/auth/csrf"));
    const { csrfToken } = await issued.json();
    expect(setCookies(issued)[CSRF_COOKIE]).toBe(csrfToken);
    const response = await register(
      jsonRequest("POST", "/vapp/auth/register", {
        body: valid(),
        csrf: false,
        cookies: { [CSRF_COOKIE]: csrfToken },
        headers: { "x-csrf-token": csrfToken },
      }),
    );
    expect(response.status).toBe(201);
  });

  it("a cookie session needs it even for a signed-in user", async () => {
    const user = await createUser({ tos: false });
    const { accessToken } = await signedInAs(user.id);
    const response = await tos(
      jsonRequest("POST", "/vapp/users/tos", { csrf: false, cookies: { "next-auth.session-token": accessToken } }),
    );
    expect(response.status).toBe(403);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).tos).toBe(false);
  });
});

describe("GraphQL refuses oversized requests before reading them", () => {
  it("answers 413 with a translated error for a body declared too large", async () => {
    const { POST: graphql } = await import("@/app/graphql/route");
    const json = await graphql(new Request("http://localhost:3000/graphql", { method: "POST", headers: { "content-type": "application/json", "content-length": String(5 * 1024 * 1024) }, body: "{}" }));
    expect(json.status).toBe(413);
    expect((await json.json()).errors[0].extensions.code).toBe("PAYLOAD_TOO_LARGE");
    const upload = await graphql(new Request("http://localhost:3000/graphql", { method: "POST", headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(2 * 1024 * 1024 * 1024), "x-language": "es" }, body: "--x--" }));
    const body = await upload.json();
    expect(body.errors[0].extensions.code).toBe("FILE_TOO_LARGE");
    expect(body.errors[0].message).toContain("El tamaño del archivo");
  });
});
