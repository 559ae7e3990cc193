import { describe, expect, it } from "vitest";
import { POST as loginDesktop } from "@/app/vapp/auth/provider/local/desktop/route";
import { POST as login } from "@/app/vapp/auth/provider/local/route";
import { POST as tokenLogin } from "@/app/vapp/auth/provider/token/route";
import { POST as refresh } from "@/app/vapp/auth/refresh-token/route";
import { createAccountToken } from "@/lib/accounts/account-tokens";
import { needsCsrf } from "@/lib/http/csrf";
import { REFRESH_COOKIE } from "@/lib/http/session-cookies";
import { createAccount, createUser, PASSWORD, signedInAs } from "@/tests/factories";
import { jsonRequest } from "@/tests/factories/http";

const source = (headers: Record<string, string>) => ({ header: (name: string) => headers[name] ?? null, cookie: () => null });

describe("CSRF for clients that sign in without cookies", () => {
  it("exempts only cookie-less requests that carry their own credential", () => {
    expect(needsCsrf(source({}))).toBe(true);
    expect(needsCsrf(source({ "x-access-token": "k" }))).toBe(false);
    expect(needsCsrf(source({ "x-api-key": "k" }))).toBe(false);
    expect(needsCsrf(source({ authorization: "Bearer t" }))).toBe(false);
    expect(needsCsrf(source({ authorization: "Basic t" }))).toBe(true);
    expect(needsCsrf(source({ "x-access-token": "k", cookie: "a=b" }))).toBe(true);
    // Credentials in the body: JSON only (a form from another site cannot send JSON).
    expect(needsCsrf(source({ "content-type": "application/json" }), { credentialsInBody: true })).toBe(false);
    expect(needsCsrf(source({ "content-type": "application/json; charset=utf-8" }), { credentialsInBody: true })).toBe(false);
    expect(needsCsrf(source({ "content-type": "text/plain" }), { credentialsInBody: true })).toBe(true);
    expect(needsCsrf(source({ "content-type": "application/json", cookie: "a=b" }), { credentialsInBody: true })).toBe(true);
    expect(needsCsrf(source({ "content-type": "application/json" }))).toBe(true);
  });

  it("token sign-in: a key in x-access-token needs no CSRF token, unless cookies are sent", async () => {
    const { account, owner } = await createAccount();
    const { ctx } = await signedInAs(owner.id, account.id);
    const { key } = await createAccountToken(ctx, { name: "CLI" });
    const cookieless = await tokenLogin(
      jsonRequest("POST", "/vapp/auth/provider/token", { headers: { "x-access-token": key }, csrf: false }),
    );
    expect(cookieless.status).toBe(200);
    expect((await cookieless.json()).userId).toBe(owner.id);

    const withCookies = await tokenLogin(
      jsonRequest("POST", "/vapp/auth/provider/token", { headers: { "x-access-token": key }, csrf: false, cookies: { theme: "dark" } }),
    );
    expect(withCookies.status).toBe(403);
    expect((await withCookies.json()).error.code).toBe("CSRF_INVALID");
  });

  it("desktop sign-in and refresh token: a cookie-less JSON call needs no CSRF token", async () => {
    const user = await createUser();
    const signedIn = await loginDesktop(
      jsonRequest("POST", "/vapp/auth/provider/local/desktop", { body: { email: user.email, password: PASSWORD }, csrf: false }),
    );
    expect(signedIn.status).toBe(200);
    const tokens = await signedIn.json();

    const refreshed = await refresh(
      jsonRequest("POST", "/vapp/auth/refresh-token", { body: { refreshToken: tokens.refreshToken }, csrf: false }),
    );
    expect(refreshed.status).toBe(200);
    const next = await refreshed.json();

    // The browser's way (the refresh cookie) still needs the token.
    const fromCookie = await refresh(
      jsonRequest("POST", "/vapp/auth/refresh-token", { body: {}, csrf: false, cookies: { [REFRESH_COOKIE]: next.refreshToken } }),
    );
    expect(fromCookie.status).toBe(403);
    expect((await fromCookie.json()).error.code).toBe("CSRF_INVALID");
  });

  it("a form post (not JSON) to desktop sign-in still needs the token", async () => {
    const user = await createUser();
    const request = new Request("http://localhost:3000/vapp/auth/provider/local/desktop", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    const response = await loginDesktop(request);
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe("CSRF_INVALID");
  });

  it("browser sign-in keeps needing the token, with or without cookies", async () => {
    const user = await createUser();
    const response = await login(
      jsonRequest("POST", "/vapp/auth/provider/local", { body: { email: user.email, password: PASSWORD }, csrf: false }),
    );
    expect(response.status).toBe(403);
  });
});
