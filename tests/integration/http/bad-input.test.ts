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

describe("GraphQL refuses bad input like REST", () => {
  const endpoint = "http://localhost:3000/graphql";
  const post = async (init: RequestInit & { headers?: Record<string, string> }) => {
    const { POST: graphql } = await import("@/app/graphql/route");
    const response = await graphql(
      new Request(endpoint, { method: "POST", ...init, headers: { "content-type": "application/json", ...init.headers } }),
    );
    const body = (await response.json()) as { errors: { message: string; extensions: { code: string; type: string; message: string } }[] };
    return { status: response.status, error: body.errors[0] };
  };

  it("answers 400 with a translated error for a body declared too large, before reading it", async () => {
    const json = await post({ headers: { "content-length": String(5 * 1024 * 1024) }, body: "{}" });
    expect(json.status).toBe(400);
    expect(json.error.extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "PAYLOAD_TOO_LARGE", type: "validation" });
    const upload = await post({
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(2 * 1024 * 1024 * 1024), "x-language": "es" },
      body: "--x--",
    });
    expect(upload.status).toBe(400);
    expect(upload.error.extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "FILE_TOO_LARGE" });
    expect(upload.error.message).toContain("El tamaño del archivo");
  });

  it("answers 400 for a streamed body without a length once it passes the limit", async () => {
    const chunk = new TextEncoder().encode(`{"query":"{ me { id } }","variables":{"pad":"${"x".repeat(64 * 1024)}`);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 2 MB in 64 KB pieces, never closing the JSON: only the size can stop it.
        if (sent++ < 32) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const result = await post({ body, duplex: "half", headers: { "x-language": "ca" } } as RequestInit & {
      headers: Record<string, string>;
    });
    expect(result.status).toBe(400);
    expect(result.error.extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "PAYLOAD_TOO_LARGE", type: "validation" });
    expect(result.error.message).toBe(result.error.extensions.message);
  });

  it("answers 400 MALFORMED_JSON in the request's language for a body that is not JSON", async () => {
    const english = await post({ body: '{"query": "{ me { id } }",' });
    expect(english.status).toBe(400);
    expect(english.error.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      reason: "MALFORMED_JSON",
      type: "validation",
      message: "The request body is not valid JSON.",
    });
    expect(english.error.message).toBe("The request body is not valid JSON.");
    const spanish = await post({ body: "{", headers: { "x-language": "es" } });
    const portuguese = await post({ body: "{", headers: { "accept-language": "pt-BR,pt;q=0.8" } });
    expect(spanish.error.extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "MALFORMED_JSON" });
    expect(new Set([english.error.message, spanish.error.message, portuguese.error.message]).size).toBe(3);
  });

  it("answers 400 VALIDATION_FAILED for JSON that is not an object, and for a body without a query", async () => {
    const list = await post({ body: "[1, 2]" });
    expect(list.status).toBe(400);
    expect(list.error.extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "VALIDATION_FAILED" });
    const empty = await post({ body: "{}", headers: { "x-language": "es" } });
    expect(empty.status).toBe(400);
    expect(empty.error.extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "VALIDATION_FAILED", type: "validation" });
    expect(empty.error.message).toMatch(/^Algunos campos/);
  });

  it("answers MALFORMED_JSON for variables in a GET query string that are not JSON", async () => {
    const { GET: graphql } = await import("@/app/graphql/route");
    const response = await graphql(
      new Request(`${endpoint}?query=${encodeURIComponent("{ me { id } }")}&variables=%7B`, { headers: { accept: "application/json" } }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "MALFORMED_JSON" });
  });
});
