import { decode, encode } from "next-auth/jwt";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readSessionJwt, signSessionJwt } from "@/lib/auth/session-jwt";

/**
 * readSessionJwt derives next-auth's key once per secret instead of on every request (issue 15):
 * it must read exactly the tokens next-auth writes and refuse the others.
 */
describe("session tokens", () => {
  const saved = process.env.NEXTAUTH_SECRET;
  beforeEach(() => {
    process.env.NEXTAUTH_SECRET = "session-jwt-test-secret-session-jwt-test-secret";
  });
  afterEach(() => {
    process.env.NEXTAUTH_SECRET = saved;
  });

  it("reads a token next-auth's own encode wrote", async () => {
    const token = await encode({ token: { sub: "u1", sid: "s1", aid: "a1" }, secret: process.env.NEXTAUTH_SECRET! });
    expect(await readSessionJwt(token)).toEqual({ sub: "u1", sid: "s1", aid: "a1", int: false });
  });

  it("writes tokens next-auth's own decode reads", async () => {
    const token = await signSessionJwt({ sub: "u2", sid: "s2", int: true });
    expect(await decode({ token, secret: process.env.NEXTAUTH_SECRET! })).toMatchObject({ sub: "u2", sid: "s2", int: true });
    expect(await readSessionJwt(token)).toEqual({ sub: "u2", sid: "s2", aid: null, int: true });
  });

  it("refuses a token of another secret, after the secret changes too", async () => {
    const token = await signSessionJwt({ sub: "u3", sid: "s3" });
    expect(await readSessionJwt(token)).not.toBeNull();
    process.env.NEXTAUTH_SECRET = "another-secret-another-secret-another-secret-0";
    expect(await readSessionJwt(token)).toBeNull();
  });

  it("refuses an expired token, a tampered one, one without a session and an empty one", async () => {
    const secret = process.env.NEXTAUTH_SECRET!;
    expect(await readSessionJwt(await encode({ token: { sub: "u4", sid: "s4" }, secret, maxAge: -60 }))).toBeNull();
    const token = await signSessionJwt({ sub: "u5", sid: "s5" });
    expect(await readSessionJwt(`${token.slice(0, -4)}AAAA`)).toBeNull();
    expect(await readSessionJwt(await encode({ token: { sub: "u6" }, secret }))).toBeNull();
    expect(await readSessionJwt("")).toBeNull();
  });
});
