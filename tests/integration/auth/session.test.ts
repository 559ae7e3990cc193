import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { POST as login } from "@/app/vapp/auth/provider/local/route";
import { POST as loginDesktop } from "@/app/vapp/auth/provider/local/desktop/route";
import { GET as session } from "@/app/vapp/auth/session/route";
import { GET as logout } from "@/app/vapp/auth/logout/route";
import { POST as refresh } from "@/app/vapp/auth/refresh-token/route";
import { GET as me } from "@/app/vapp/users/me/route";
import { sessionCookieName } from "@/lib/auth/session-jwt";
import { clientIp } from "@/lib/auth/get-request-context";
import { SIGN_IN_ADDRESS, SLOW_DOWN } from "@/lib/auth/throttle";
import { createUser, PASSWORD } from "@/tests/factories";
import { jsonRequest, setCookies } from "@/tests/factories/http";

const signIn = (email: string, password = PASSWORD, headers: Record<string, string> = {}) =>
  login(jsonRequest("POST", "/vapp/auth/provider/local", { body: { email, password }, headers }));

describe("password sign-in, session and logout", () => {
  it("sets the session cookie, which the session and me routes accept", async () => {
    const user = await createUser();
    const response = await signIn(user.email);
    expect(response.status).toBe(200);
    const cookies = setCookies(response);
    expect(cookies[sessionCookieName()]).toBeTruthy();
    expect(response.headers.getSetCookie().join()).toMatch(/HttpOnly/);

    const current = await session(jsonRequest("GET", "/vapp/auth/session", { cookies }));
    expect((await current.json()).user).toMatchObject({ id: user.id, email: user.email, hasPassword: true });
    const mine = await (await me(jsonRequest("GET", "/vapp/users/me", { cookies }))).json();
    expect(mine.passwordHash).toBeUndefined();

    const audit = await db.audit.findFirst({ where: { userId: user.id, eventType: "user.signedIn" } });
    expect(audit?.via).toBe("session");
  });

  it("answers the same for a wrong password and an unknown address", async () => {
    const user = await createUser();
    const wrong = await signIn(user.email, "Wrong-pass1");
    const unknown = await signIn("nobody-here@example.test");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect((await wrong.json()).error).toEqual((await unknown.json()).error);
  });

  it("locks an address after repeated failures, even with the right password", async () => {
    const user = await createUser();
    // One failure short of the lock, as if earlier attempts had failed.
    await db.signInThrottle.create({ data: { key: `email:${user.email}`, failures: SIGN_IN_ADDRESS.limit - 1 } });
    const last = await signIn(user.email, "Wrong-pass1", { "x-forwarded-for": "10.9.9.9" });
    expect(last.status).toBe(401);
    const locked = await signIn(user.email, PASSWORD, { "x-forwarded-for": "10.9.9.9", "x-language": "es" });
    expect(locked.status).toBe(429);
    const error = (await locked.json()).error;
    expect(error.code).toBe("TOO_MANY_ATTEMPTS");
    expect(error.message).toMatch(/15/);
    const row = await db.signInThrottle.findUniqueOrThrow({ where: { key: `email:${user.email}` } });
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
  });

  it("slows answers after a few failures of an address, then clears them on the right password", async () => {
    const user = await createUser();
    const started = Date.now();
    for (let i = 0; i < SLOW_DOWN.after + 1; i++) expect((await signIn(user.email, "Wrong-pass1")).status).toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_DOWN.stepMs);
    expect((await db.signInThrottle.findUniqueOrThrow({ where: { key: `email:${user.email}` } })).failures).toBe(SLOW_DOWN.after + 1);
    expect((await signIn(user.email)).status).toBe(200);
    expect(await db.signInThrottle.findUnique({ where: { key: `email:${user.email}` } })).toBeNull();
  });

  it("logout revokes the session; a second logout returns false", async () => {
    const user = await createUser();
    const cookies = setCookies(await signIn(user.email));
    const first = await logout(jsonRequest("GET", "/vapp/auth/logout", { cookies }));
    expect(await first.json()).toBe(true);
    expect(first.headers.getSetCookie().join()).toMatch(/Max-Age=0/);
    const after = await session(jsonRequest("GET", "/vapp/auth/session", { cookies }));
    expect(await after.json()).toEqual({ user: null });
    const second = await logout(jsonRequest("GET", "/vapp/auth/logout", { cookies }));
    expect(await second.json()).toBe(false);
  });

  it("refresh tokens rotate: the new one works, the old one is refused", async () => {
    const user = await createUser();
    const tokens = await (
      await loginDesktop(jsonRequest("POST", "/vapp/auth/provider/local/desktop", { body: { email: user.email, password: PASSWORD } }))
    ).json();
    expect(tokens.accessToken).toBeTruthy();
    const bearer = await session(jsonRequest("GET", "/vapp/auth/session", { headers: { authorization: `Bearer ${tokens.accessToken}` } }));
    expect((await bearer.json()).user.id).toBe(user.id);

    const rotated = await refresh(jsonRequest("POST", "/vapp/auth/refresh-token", { body: { refreshToken: tokens.refreshToken } }));
    expect(rotated.status).toBe(200);
    const next = await rotated.json();
    expect(next.refreshToken).not.toBe(tokens.refreshToken);

    const reused = await refresh(jsonRequest("POST", "/vapp/auth/refresh-token", { body: { refreshToken: tokens.refreshToken } }));
    expect(reused.status).toBe(401);
    expect((await reused.json()).error.code).toBe("SESSION_EXPIRED");
  });
});

describe("the caller's IP (TRUST_PROXY)", () => {
  afterEach(() => vi.unstubAllEnvs());
  const headers = (values: Record<string, string>) => ({ header: (name: string) => values[name] ?? null });

  it("ignores forwarding headers unless the app is told it runs behind a proxy", () => {
    expect(clientIp(headers({ "x-forwarded-for": "1.2.3.4" }), undefined)).toBeNull();
    expect(clientIp(headers({ "x-real-ip": "1.2.3.4" }), "0")).toBeNull();
    expect(clientIp(headers({ "x-forwarded-for": "1.2.3.4" }), "yes")).toBeNull();
  });

  it("reads the address our proxies saw, not what the client wrote before them", () => {
    expect(clientIp(headers({ "x-forwarded-for": "6.6.6.6, 1.2.3.4" }), "1")).toBe("1.2.3.4");
    expect(clientIp(headers({ "x-forwarded-for": "6.6.6.6, 1.2.3.4, 10.0.0.2" }), "2")).toBe("1.2.3.4");
    expect(clientIp(headers({ "x-forwarded-for": "2001:DB8::1" }), "true")).toBe("2001:db8::1");
    expect(clientIp(headers({ "x-real-ip": "1.2.3.4" }), "1")).toBe("1.2.3.4");
    expect(clientIp(headers({ "x-forwarded-for": "not an address" }), "1")).toBeNull();
  });

  it("counts failures per IP only when the IP is known", async () => {
    const user = await createUser();
    const spoofed = `10.5.${Date.now() % 250}.1`;
    expect((await signIn(user.email, "Wrong-pass1", { "x-forwarded-for": spoofed })).status).toBe(401);
    expect(await db.signInThrottle.findUnique({ where: { key: `ip:${spoofed}` } })).toBeNull();
    expect((await db.signInThrottle.findUniqueOrThrow({ where: { key: `email:${user.email}` } })).failures).toBe(1);

    vi.stubEnv("TRUST_PROXY", "1");
    const real = `10.5.${Date.now() % 250}.2`;
    expect((await signIn(user.email, "Wrong-pass1", { "x-forwarded-for": `${spoofed}, ${real}` })).status).toBe(401);
    expect(await db.signInThrottle.findUnique({ where: { key: `ip:${spoofed}` } })).toBeNull();
    expect((await db.signInThrottle.findUniqueOrThrow({ where: { key: `ip:${real}` } })).failures).toBe(1);
  });
});
