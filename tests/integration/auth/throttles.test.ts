import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { POST as login } from "@/app/vapp/auth/provider/local/route";
import { POST as requestMagic } from "@/app/vapp/auth/provider/magic/route";
import { GET as magicCallback } from "@/app/vapp/auth/provider/magic/cb/route";
import { POST as forgotPassword } from "@/app/vapp/auth/forgot-password/route";
import { sessionCookieName } from "@/lib/auth/session-jwt";
import { GET as publicTemplates } from "@/app/v1/templates/route";
import { createAccountToken } from "@/lib/accounts/account-tokens";
import { CURRENT_PASSWORD } from "@/lib/sign-in/verify-current-password";
import { updatePassword } from "@/lib/users/update-password";
import {
  API_KEY_FAILURES_ALL,
  AUTH_EMAILS_PER_USER,
  MAGIC_LINKS_PER_ADDRESS,
  SIGN_IN_ADDRESS,
  SIGN_IN_ALL,
  takeAttempts,
  type Throttle,
  tryAttempts,
} from "@/lib/auth/throttle";
import { createAccount, createUser, latestEmail, PASSWORD, signedInAs, tokenFromEmail, uniqueEmail } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest, setCookies } from "@/tests/factories/http";

/**
 * The one throttle (lib/auth/throttle.ts): an attempt is counted before its verdict, in one
 * statement, so a burst of concurrent attempts gets exactly the limit's number of verdicts.
 */
const N = 40;
const burst = <T>(fn: (i: number) => Promise<T>) => Promise.all(Array.from({ length: N }, (_, i) => fn(i)));
const statuses = (responses: Response[]) => responses.map((r) => r.status).sort();
const count = <T>(values: T[], value: T) => values.filter((v) => v === value).length;

const signIn = (email: string, password = PASSWORD, headers: Record<string, string> = {}) =>
  login(jsonRequest("POST", "/vapp/auth/provider/local", { body: { email, password }, headers }));

/** A throttle of this test alone. */
const testThrottle = (limit: number, lockSeconds?: number): Throttle => ({
  prefix: `test-${randomUUID().slice(0, 8)}`,
  limit,
  windowSeconds: 900,
  lockSeconds,
});

/**
 * The counts of all addresses and of all API keys are one row each for the whole database, which
 * other test files (on a shared PostgreSQL server) use too: these tests give them a key and a
 * limit of their own while they run (the worker runs one file at a time). The suite raises the
 * sign-in one (vitest.config.ts) so that the hostile sweeps' failed sign-ins lock no one else.
 */
const AS_SHIPPED = [SIGN_IN_ALL, API_KEY_FAILURES_ALL].map((throttle) => [throttle, { ...throttle }] as const);
beforeEach(() => {
  for (const [throttle] of AS_SHIPPED) Object.assign(throttle, { prefix: `test-${throttle.prefix}-${randomUUID().slice(0, 8)}` });
});
afterEach(() => {
  for (const [throttle, shipped] of AS_SHIPPED) Object.assign(throttle, shipped);
  vi.unstubAllEnvs();
});

describe("the throttle", () => {
  it("lets exactly the limit through a burst, counts only those and locks the key", async () => {
    const throttle = testThrottle(8, 900);
    const results = await burst(() =>
      takeAttempts([{ throttle, id: "k" }]).then(
        () => "ok",
        (e) => e.code,
      ),
    );
    expect(count(results, "ok")).toBe(8);
    expect(count(results, "TOO_MANY_ATTEMPTS")).toBe(N - 8);
    const row = await db.signInThrottle.findUniqueOrThrow({ where: { key: `${throttle.prefix}:k` } });
    expect(row.failures).toBe(8);
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it("gives a success's attempt back, lifting the lock below the limit", async () => {
    const throttle = testThrottle(2, 900);
    const key = { throttle, id: "k" };
    await takeAttempts([key]);
    const second = await takeAttempts([key]);
    await expect(takeAttempts([key])).rejects.toMatchObject({ code: "TOO_MANY_ATTEMPTS", params: { minutes: 15 } });
    await second.giveBack();
    expect(await db.signInThrottle.findUniqueOrThrow({ where: { key: `${throttle.prefix}:k` } })).toMatchObject({
      failures: 1,
      lockedUntil: null,
    });
    await expect(takeAttempts([key])).resolves.toBeDefined();
  });

  it("starts a passed window or an ended lock again at one", async () => {
    const throttle = testThrottle(3, 900);
    const key = { throttle, id: "k" };
    const longAgo = new Date(Date.now() - 16 * 60_000);
    await db.signInThrottle.create({ data: { key: `${throttle.prefix}:k`, failures: 2, windowStart: longAgo } });
    await takeAttempts([key]);
    expect((await db.signInThrottle.findUniqueOrThrow({ where: { key: `${throttle.prefix}:k` } })).failures).toBe(1);
    await db.signInThrottle.update({
      where: { key: `${throttle.prefix}:k` },
      data: { failures: 3, lockedUntil: new Date(Date.now() - 1000) },
    });
    await takeAttempts([key]);
    expect(await db.signInThrottle.findUniqueOrThrow({ where: { key: `${throttle.prefix}:k` } })).toMatchObject({
      failures: 1,
      lockedUntil: null,
    });
  });

  it("without a lock time, refuses until its window ends; a refusal costs the other keys nothing", async () => {
    const perMinute: Throttle = { ...testThrottle(1), windowSeconds: 60 };
    const other = testThrottle(10, 900);
    await takeAttempts([{ throttle: perMinute, id: "k" }]);
    const refused = await tryAttempts([
      { throttle: other, id: "k" },
      { throttle: perMinute, id: "k" },
    ]);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.retryAt.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
    expect((await db.signInThrottle.findUniqueOrThrow({ where: { key: `${other.prefix}:k` } })).failures).toBe(0);
  });
});

describe("password sign-in", () => {
  it("gives a verdict to exactly eight of forty simultaneous guesses; the rest are 429 with Retry-After", async () => {
    const user = await createUser();
    const responses = await burst((i) => signIn(user.email, `Wrong-pass${i}`));
    expect(count(statuses(responses), 401)).toBe(SIGN_IN_ADDRESS.limit);
    expect(count(statuses(responses), 429)).toBe(N - SIGN_IN_ADDRESS.limit);
    for (const response of responses.filter((r) => r.status === 429)) {
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    }
    expect(await db.audit.count({ where: { eventType: "user.signInFailed", targetId: user.id } })).toBe(SIGN_IN_ADDRESS.limit);

    // Locked: even the right password gets no verdict, and the answer says so in Spanish.
    const locked = await signIn(user.email, PASSWORD, { "x-language": "es" });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    const { error } = await locked.json();
    expect(error).toMatchObject({ code: "TOO_MANY_ATTEMPTS", message: "Demasiados intentos. Vuelve a intentarlo dentro de 15 minutos." });
    expect(Date.parse(error.details.retryAt)).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it("still lets the owner of a locked address in by a magic link", async () => {
    const user = await createUser();
    await burst(() => signIn(user.email, "Wrong-pass1"));
    expect((await signIn(user.email)).status).toBe(429);
    expect(await requestMagic(jsonRequest("POST", "/vapp/auth/provider/magic", { body: { email: user.email } }))).toHaveProperty(
      "status",
      200,
    );
    const token = tokenFromEmail((await latestEmail(user.email))!.text);
    const landed = await magicCallback(jsonRequest("GET", `/vapp/auth/provider/magic/cb?token=${token}`));
    expect(landed.status).toBe(303);
    expect(setCookies(landed)[sessionCookieName()]).toBeTruthy();
  });

  it("bounds guesses across all addresses without knowing the IP, counting failures only", async () => {
    vi.stubEnv("SIGN_IN_FAILURES_PER_MINUTE", "10");
    const owners = await Promise.all(Array.from({ length: 12 }, () => createUser()));
    // Successes give their attempt back: more sign-ins than the limit all get in.
    for (const owner of owners) expect((await signIn(owner.email)).status).toBe(200);

    const responses = await burst(() => signIn(uniqueEmail("spray"), "Spring2026!"));
    expect(count(statuses(responses), 401)).toBe(10);
    expect(count(statuses(responses), 429)).toBe(N - 10);
    for (const response of responses.filter((r) => r.status === 429)) {
      expect(Number(response.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    }
    // The real owner waits for the minute to end (or takes a magic link), and is not locked.
    expect((await signIn(owners[0].email)).status).toBe(429);
    await db.signInThrottle.updateMany({
      where: { key: `${SIGN_IN_ALL.prefix}:all` },
      data: { windowStart: new Date(Date.now() - 61_000), lockedUntil: new Date(Date.now() - 1000) },
    });
    expect((await signIn(owners[0].email)).status).toBe(200);
  });
});

describe("magic link and reset requests", () => {
  const magic = (email: string) => requestMagic(jsonRequest("POST", "/vapp/auth/provider/magic", { body: { email } }));
  const reset = (email: string) => forgotPassword(jsonRequest("POST", "/vapp/auth/forgot-password", { body: { email } }));
  const emailsTo = (to: string, template?: string) => db.outboxEmail.count({ where: { to, ...(template && { template }) } });

  it("sends exactly the limit of forty simultaneous requests, answering all of them the same", async () => {
    const user = await createUser();
    const responses = await burst(() => magic(user.email));
    expect(new Set(statuses(responses))).toEqual(new Set([200]));
    expect(new Set(await Promise.all(responses.map((r) => r.text())))).toEqual(new Set([JSON.stringify({ sent: true })]));
    expect(await emailsTo(user.email, "magicLink")).toBe(MAGIC_LINKS_PER_ADDRESS.limit);

    // An unknown address past the limit gets the very same answer.
    const unknown = await burst(() => magic(uniqueEmail("nobody")));
    expect(new Set(await Promise.all(unknown.map((r) => r.text())))).toEqual(new Set([JSON.stringify({ sent: true })]));
  });

  it("limits the emails of one user whatever the kind", async () => {
    const user = await createUser();
    await Promise.all([burst(() => magic(user.email)), burst(() => reset(user.email))]);
    expect(await emailsTo(user.email)).toBe(AUTH_EMAILS_PER_USER.limit);
  });
});

describe("API keys", () => {
  const call = (key: string, language = "en") =>
    publicTemplates(jsonRequest("GET", "/v1/templates", { headers: { "api-key": key, "x-language": language } }));

  it("answers exactly the limit of forty unknown keys with 401, the rest with 429; a valid key still works", async () => {
    Object.assign(API_KEY_FAILURES_ALL, { limit: 8 });
    const responses = await burst((i) => call(`cvt_forged-${i}`));
    expect(count(statuses(responses), 401)).toBe(8);
    expect(count(statuses(responses), 429)).toBe(N - 8);
    const refused = responses.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);

    const { account, owner } = await createAccount("Keys");
    const { key } = await createAccountToken((await signedInAs(owner.id, account.id)).ctx, { name: "CI" });
    expect((await call(key)).status).toBe(200);

    // GraphQL refuses before any field runs: 429, Retry-After and the wait in its extensions.
    const gql = await graphql("{ __typename }", { headers: { "x-api-key": "cvt_forged", "x-language": "es" } });
    expect(gql.status).toBe(429);
    expect(Number(gql.response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(gql.errors?.[0].extensions).toMatchObject({ code: "TOO_MANY_ATTEMPTS", type: "rate_limit", retryAfter: expect.any(Number) });
    expect(gql.errors?.[0].message).toBe("Demasiados intentos. Vuelve a intentarlo dentro de 1 minuto.");
  });
});

describe("the current password, asked again", () => {
  it("checks exactly five of forty simultaneous guesses, and the owner's sign-in stays open", async () => {
    const { account, owner } = await createAccount("Current");
    const { ctx } = await signedInAs(owner.id, account.id);
    const results = await burst((i) =>
      updatePassword(ctx, { currentPassword: `Wrong-pass${i}`, password: "New-pass-123" }).catch((e) => e.code),
    );
    expect(count(results, "WRONG_PASSWORD")).toBe(CURRENT_PASSWORD.limit);
    expect(count(results, "TOO_MANY_ATTEMPTS")).toBe(N - CURRENT_PASSWORD.limit);
    await expect(updatePassword(ctx, { currentPassword: PASSWORD, password: "New-pass-123" })).rejects.toMatchObject({
      code: "TOO_MANY_ATTEMPTS",
    });
    expect((await signIn(owner.email)).status).toBe(200);
  });
});
