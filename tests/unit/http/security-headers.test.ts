import { describe, expect, it } from "vitest";
import nextConfig from "@/next.config";
import {
  API_CSP,
  DEV_GRAPHIQL_CSP,
  HSTS,
  INLINE_FILE_CSP,
  isHttps,
  nonceOf,
  pageCsp,
  responseKind,
  securityEnvironment,
  securityHeadersFor,
  type SecurityEnvironment,
} from "@/lib/http/security-headers";

const PROD: SecurityEnvironment = { isDev: false, googleEnabled: false, appUrl: "http://localhost:3000" };
const directives = (csp: string) =>
  Object.fromEntries(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );
const headersFor = (path: string, env = PROD, method = "GET", forwardedProto: string | null = null) => {
  const url = new URL(path, "http://localhost:3000");
  return securityHeadersFor(
    { pathname: url.pathname, searchParams: url.searchParams, method, forwardedProto },
    env,
    () => "bm9uY2Utb2YtdGVzdA==",
  );
};

describe("the page policy", () => {
  it("runs only scripts with this request's nonce: no unsafe-inline, no unsafe-eval", () => {
    const csp = directives(pageCsp("abc123==", PROD));
    expect(csp["script-src"]).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    expect(csp["default-src"]).toEqual(["'self'"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["base-uri"]).toEqual(["'self'"]);
    expect(csp["form-action"]).toEqual(["'self'"]);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["img-src"]).toEqual(["'self'", "data:", "blob:", "https:"]);
    expect(csp["frame-src"]).toEqual(["'self'", "blob:"]);
    expect(csp["style-src"]).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp).not.toHaveProperty("upgrade-insecure-requests");
    expect(nonceOf(pageCsp("abc123==", PROD))).toBe("abc123==");
  });

  it("allows eval only in development, and Google's origins only when Google sign-in is configured", () => {
    expect(directives(pageCsp("n", { ...PROD, isDev: true }))["script-src"]).toContain("'unsafe-eval'");
    const google = directives(pageCsp("n", { ...PROD, googleEnabled: true }));
    expect(google["script-src"]).toContain("https://accounts.google.com/gsi/client");
    expect(google["frame-src"]).toContain("https://accounts.google.com/gsi/");
    expect(google["form-action"]).toEqual(["'self'", "https://accounts.google.com"]);
    expect(google["script-src"]).not.toContain("'unsafe-inline'");
    expect(google["script-src"]).not.toContain("'unsafe-eval'");
  });

  it("reads its environment: development, Google's keys", () => {
    expect(securityEnvironment({ NODE_ENV: "production" })).toMatchObject({ isDev: false, googleEnabled: false });
    expect(securityEnvironment({ NODE_ENV: "development", GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s" })).toMatchObject({
      isDev: true,
      googleEnabled: true,
    });
    expect(securityEnvironment({ NODE_ENV: "test", GOOGLE_CLIENT_ID: "id" }).googleEnabled).toBe(false);
  });
});

describe("which answer gets which policy", () => {
  it("gives pages the nonce policy, on the request too, and denies framing", () => {
    for (const path of ["/login", "/docs", "/d/abc/view", "/s/link-id", "/not-a-page.txt"]) {
      const { response, requestCsp } = headersFor(path);
      expect(response["content-security-policy"], path).toContain("'nonce-bm9uY2Utb2YtdGVzdA=='");
      expect(requestCsp, path).toBe(response["content-security-policy"]);
      expect(response["x-frame-options"], path).toBe("DENY");
    }
  });

  it("gives API answers the strict policy and nothing on the request", () => {
    for (const path of [
      "/vapp/auth/csrf",
      "/graphql",
      "/v1/templates",
      "/v1/openapi.json",
      "/vapp/documents/x/file",
      "/vapp/users/avatar?v=1",
    ]) {
      const { response, requestCsp } = headersFor(path);
      expect(response["content-security-policy"], path).toBe(API_CSP);
      expect(response["x-frame-options"], path).toBe("DENY");
      expect(requestCsp, path).toBeUndefined();
    }
    expect(headersFor("/graphql", PROD, "POST").response["content-security-policy"]).toBe(API_CSP);
  });

  it("lets our own pages frame a file shown inline, sandboxed", () => {
    const { response } = headersFor("/vapp/documents/x/file?inline=1&version=2");
    expect(response["content-security-policy"]).toBe(INLINE_FILE_CSP);
    expect(directives(INLINE_FILE_CSP)).toMatchObject({ "default-src": ["'none'"], "frame-ancestors": ["'self'"], sandbox: [] });
    expect(response["x-frame-options"]).toBe("SAMEORIGIN");
    expect(headersFor("/vapp/documents/x/file?inline=1", PROD, "POST").response["content-security-policy"]).toBe(API_CSP);
  });

  it("serves the Google sign-in start page under the page policy, and GraphiQL's only in development", () => {
    expect(responseKind("/vapp/auth/provider/google", new URLSearchParams(), "GET", PROD)).toBe("html-route");
    expect(headersFor("/vapp/auth/provider/google").requestCsp).toContain("'nonce-");
    expect(responseKind("/vapp/auth/provider/google/cb", new URLSearchParams(), "GET", PROD)).toBe("api");
    expect(headersFor("/graphql", { ...PROD, isDev: true }).response["content-security-policy"]).toBe(DEV_GRAPHIQL_CSP);
    expect(headersFor("/graphql", { ...PROD, isDev: true }, "POST").response["content-security-policy"]).toBe(API_CSP);
  });
});

describe("HSTS", () => {
  it("is sent only over https: APP_URL, or a trusted proxy's x-forwarded-proto", () => {
    expect(headersFor("/login").response).not.toHaveProperty("strict-transport-security");
    expect(headersFor("/login", PROD, "GET", "https").response).not.toHaveProperty("strict-transport-security");
    const behindProxy = { ...PROD, trustProxy: "1" };
    expect(headersFor("/login", behindProxy, "GET", "https").response["strict-transport-security"]).toBe(HSTS);
    expect(headersFor("/login", behindProxy, "GET", "http").response).not.toHaveProperty("strict-transport-security");
    const https = { ...PROD, appUrl: "https://covenant.example" };
    expect(headersFor("/vapp/auth/csrf", https).response["strict-transport-security"]).toBe(HSTS);
    expect(headersFor("/docs", https).response["content-security-policy"]).toContain("upgrade-insecure-requests");
    expect(isHttps({ ...PROD, trustProxy: "true" }, "https, http")).toBe(true);
    expect(isHttps({ ...PROD, trustProxy: "no" }, "https")).toBe(false);
  });
});

describe("next.config.ts headers()", () => {
  it("sends nosniff and strict-origin-when-cross-origin everywhere, and no referrer from share pages", async () => {
    const rules = await nextConfig.headers!();
    const all = rules.find((rule) => rule.source === "/:path*")!;
    expect(all.headers).toEqual(
      expect.arrayContaining([
        { key: "X-Content-Type-Options", value: "nosniff" },
        { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
      ]),
    );
    const share = rules.find((rule) => rule.source === "/s/:path*")!;
    expect(share.headers).toEqual([{ key: "Referrer-Policy", value: "no-referrer" }]);
    // Later rules win in Next: the share page's rule must come after the general one.
    expect(rules.indexOf(share)).toBeGreaterThan(rules.indexOf(all));
  });
});
