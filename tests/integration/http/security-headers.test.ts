import { NextRequest } from "next/server";
import { afterEach, describe, expect, it } from "vitest";
import * as google from "@/app/vapp/auth/provider/google/route";
import { API_CSP, INLINE_FILE_CSP, nonceOf } from "@/lib/http/security-headers";
import { proxy } from "@/proxy";
import { createUser, signedInAs } from "@/tests/factories";

/** proxy.ts puts the per-request headers on every answer, pages and APIs (the static ones: tests/unit/http). */
const visit = (path: string, init: { cookie?: string; method?: string; headers?: Record<string, string> } = {}) =>
  proxy(
    new NextRequest(`http://localhost:3000${path}`, {
      method: init.method ?? "GET",
      headers: { ...init.headers, ...(init.cookie ? { cookie: init.cookie } : {}) },
    }),
  );

/** What NextResponse.next({ request }) hands on to the page or route: `x-middleware-request-<name>`. */
const forwarded = (response: Response, name: string) => response.headers.get(`x-middleware-request-${name}`);

const saved = { ...process.env };
afterEach(() => {
  for (const key of ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "TRUST_PROXY", "APP_URL"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

describe("security headers from proxy.ts", () => {
  it("gives /login a nonce policy, on the answer and on the request Next renders from", async () => {
    const response = await visit("/login");
    const csp = response.headers.get("content-security-policy")!;
    const nonce = nonceOf(csp);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(forwarded(response, "content-security-policy")).toBe(csp);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("strict-transport-security")).toBeNull();
    // A fresh nonce for every answer.
    expect(nonceOf((await visit("/login")).headers.get("content-security-policy"))).not.toBe(nonce);
  });

  it("gives /docs the same, signed in or sent to login", async () => {
    const user = await createUser();
    const { accessToken } = await signedInAs(user.id);
    const signedIn = await visit("/docs", { cookie: `next-auth.session-token=${accessToken}` });
    expect(nonceOf(signedIn.headers.get("content-security-policy"))).toBeTruthy();
    expect(forwarded(signedIn, "x-page-path")).toBe("/docs");
    const signedOut = await visit("/docs");
    expect(signedOut.status).toBe(307);
    expect(signedOut.headers.get("content-security-policy")).toContain("'nonce-");
  });

  it("overwrites a policy the client sent, and strips it from API requests", async () => {
    const page = await visit("/login", { headers: { "content-security-policy": "script-src 'nonce-chosenbyclient'" } });
    expect(forwarded(page, "content-security-policy")).not.toContain("chosenbyclient");
    const api = await visit("/vapp/auth/csrf", { headers: { "content-security-policy": "script-src 'nonce-chosenbyclient'" } });
    expect(forwarded(api, "content-security-policy")).toBeNull();
  });

  it("gives /vapp/auth/csrf, /graphql and /v1 the strict API policy and no guard", async () => {
    for (const [path, method] of [
      ["/vapp/auth/csrf", "GET"],
      ["/graphql", "POST"],
      ["/graphql", "GET"],
      ["/v1/templates", "GET"],
      ["/v1/openapi.json", "GET"],
    ]) {
      const response = await visit(path, { method });
      expect(response.headers.get("content-security-policy"), path).toBe(API_CSP);
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
      expect(response.headers.get("location"), path).toBeNull();
    }
  });

  it("lets our pages frame a file asked inline", async () => {
    const response = await visit("/vapp/documents/some-id/file?inline=1");
    expect(response.headers.get("content-security-policy")).toBe(INLINE_FILE_CSP);
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });

  it("sends HSTS only over https", async () => {
    expect((await visit("/login", { headers: { "x-forwarded-proto": "https" } })).headers.get("strict-transport-security")).toBeNull();
    process.env.TRUST_PROXY = "1";
    expect((await visit("/login", { headers: { "x-forwarded-proto": "https" } })).headers.get("strict-transport-security")).toMatch(
      /^max-age=\d+/,
    );
    expect(
      (await visit("/vapp/auth/csrf", { headers: { "x-forwarded-proto": "http" } })).headers.get("strict-transport-security"),
    ).toBeNull();
    delete process.env.TRUST_PROXY;
    process.env.APP_URL = "https://covenant.example";
    expect((await visit("/vapp/auth/csrf")).headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
  });

  it("allows Google's origins only when Google sign-in is configured", async () => {
    expect((await visit("/login")).headers.get("content-security-policy")).not.toContain("accounts.google.com");
    process.env.GOOGLE_CLIENT_ID = "id";
    process.env.GOOGLE_CLIENT_SECRET = "secret";
    const csp = (await visit("/login")).headers.get("content-security-policy")!;
    expect(csp).toContain("form-action 'self' https://accounts.google.com");
    expect(csp).toContain("https://accounts.google.com/gsi/client");
  });

  it("gives the Google sign-in start page's script the nonce of its policy", async () => {
    process.env.GOOGLE_CLIENT_ID = "id";
    process.env.GOOGLE_CLIENT_SECRET = "secret";
    const edge = await visit("/vapp/auth/provider/google");
    const csp = edge.headers.get("content-security-policy")!;
    expect(forwarded(edge, "content-security-policy")).toBe(csp);
    const page = await google.GET(
      new Request("http://localhost:3000/vapp/auth/provider/google", { headers: { "content-security-policy": csp } }),
    );
    const html = await page.text();
    expect(html).toContain(`<script nonce="${nonceOf(csp)}">`);
    expect(html.match(/<script/g)).toHaveLength(1);
  });
});
