import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type KeyLike } from "jose";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { GET as googleCallback } from "@/app/vapp/auth/provider/google/cb/route";
import { POST as oneTapCallback } from "@/app/vapp/auth/provider/googleonetap/cb/route";
import { GET as samlLogin } from "@/app/vapp/auth/provider/saml/route";
import { POST as samlCallback } from "@/app/vapp/auth/provider/saml/cb/route";
import { anonymousContext } from "@/lib/auth/context";
import { authOptions } from "@/lib/sign-in/next-auth-options";
import { sessionCookieName } from "@/lib/auth/session-jwt";
import { signInWithGoogleOneTap } from "@/lib/sign-in/sign-in-with-google-one-tap";
import { createAccount, uniqueEmail } from "@/tests/factories";
import { jsonRequest, setCookies } from "@/tests/factories/http";

const CLIENT_ID = "test-client.apps.googleusercontent.com";
const configureGoogle = () => {
  vi.stubEnv("GOOGLE_CLIENT_ID", CLIENT_ID);
  vi.stubEnv("GOOGLE_CLIENT_SECRET", "test-secret");
};

afterEach(() => vi.unstubAllEnvs());

const formPost = (body: Record<string, string>, cookie?: string) =>
  new Request("http://localhost:3000/vapp/auth/provider/googleonetap/cb", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(body).toString(),
  });

describe("Google sign-in callback (GET /vapp/auth/provider/google/cb)", () => {
  it("answers 404 with a clear, translated error when Google is not configured", async () => {
    vi.stubEnv("GOOGLE_CLIENT_ID", "");
    const response = await googleCallback(
      jsonRequest("GET", "/vapp/auth/provider/google/cb?code=x&state=y", { headers: { "x-language": "es" } }),
    );
    expect(response.status).toBe(404);
    const error = (await response.json()).error;
    expect(error.code).toBe("SIGN_IN_METHOD_UNAVAILABLE");
    expect(error.message).toMatch(/servidor/);
  });

  it("registers this route as Google's redirect URI, for the authorization request and the code exchange", () => {
    configureGoogle();
    const [google] = authOptions().providers as unknown as {
      id: string;
      options: { authorization: { params: Record<string, string> }; token: { request: unknown } };
    }[];
    expect(google.id).toBe("google");
    expect(google.options.authorization.params.redirect_uri).toBe("http://localhost:3000/vapp/auth/provider/google/cb");
    expect(typeof google.options.token.request).toBe("function");
  });
});

describe("Google One Tap (POST /vapp/auth/provider/googleonetap/cb)", () => {
  it("answers 404 when Google is not configured", async () => {
    vi.stubEnv("GOOGLE_CLIENT_ID", "");
    const response = await oneTapCallback(formPost({ credential: "x", g_csrf_token: "t" }, "g_csrf_token=t"));
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe("SIGN_IN_METHOD_UNAVAILABLE");
  });

  it("refuses a form post without Google's matching g_csrf_token cookie, and a JSON call without our CSRF token", async () => {
    configureGoogle();
    expect((await oneTapCallback(formPost({ credential: "x", g_csrf_token: "t" }))).status).toBe(403);
    expect((await oneTapCallback(formPost({ credential: "x", g_csrf_token: "t" }, "g_csrf_token=other"))).status).toBe(403);
    const json = await oneTapCallback(
      jsonRequest("POST", "/vapp/auth/provider/googleonetap/cb", { body: { credential: "x" }, csrf: false }),
    );
    expect(json.status).toBe(403);
    expect((await json.json()).error.code).toBe("CSRF_INVALID");
  });

  it("sends a bad credential back to the sign-in screen with the reason, and signs nobody in", async () => {
    configureGoogle();
    const response = await oneTapCallback(formPost({ credential: "not-a-jwt", g_csrf_token: "t" }, "g_csrf_token=t"));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("http://localhost:3000/login?error=IDENTITY_TOKEN_INVALID");
    expect(setCookies(response)[sessionCookieName()]).toBeUndefined();

    const json = await oneTapCallback(jsonRequest("POST", "/vapp/auth/provider/googleonetap/cb", { body: { credential: "a.b.c" } }));
    expect(json.status).toBe(401);
    expect((await json.json()).error.code).toBe("IDENTITY_TOKEN_INVALID");
  });
});

describe("Google ID token verification (with a local key set standing in for Google's)", () => {
  let google: { privateKey: KeyLike; publicKey: KeyLike };
  let impostor: { privateKey: KeyLike; publicKey: KeyLike };
  let keys: ReturnType<typeof createLocalJWKSet>;

  beforeAll(async () => {
    google = await generateKeyPair("RS256");
    impostor = await generateKeyPair("RS256");
    keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(google.publicKey)), kid: "google-1", alg: "RS256", use: "sig" }] });
  });

  const credential = (
    email: string,
    options: { key?: KeyLike; kid?: string; audience?: string; issuer?: string; expiresIn?: string | number; verified?: boolean } = {},
  ) =>
    new SignJWT({ email, email_verified: options.verified ?? true, given_name: "Gale", family_name: "Tap" })
      .setProtectedHeader({ alg: "RS256", kid: options.kid ?? "google-1" })
      .setIssuer(options.issuer ?? "https://accounts.google.com")
      .setAudience(options.audience ?? CLIENT_ID)
      .setSubject("1234567890")
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? "1h")
      .sign(options.key ?? google.privateKey);

  it("signs in the owner of a verified Google address from a credential Google signed", async () => {
    configureGoogle();
    const email = uniqueEmail("onetap");
    const { session } = await signInWithGoogleOneTap(anonymousContext(), await credential(email), { keys });
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(session.userId).toBe(user.id);
    expect(user.firstName).toBe("Gale");
    expect(user.emailVerified).toBeInstanceOf(Date);
  });

  it("refuses a credential signed with another key, for another app, from another issuer, or expired", async () => {
    configureGoogle();
    const email = uniqueEmail("forged");
    const forged = [
      await credential(email, { key: impostor.privateKey }),
      await credential(email, { key: impostor.privateKey, kid: "unknown" }),
      await credential(email, { audience: "someone-else.apps.googleusercontent.com" }),
      await credential(email, { issuer: "https://evil.example" }),
      await credential(email, { expiresIn: Math.floor(Date.now() / 1000) - 3600 }),
    ];
    for (const token of forged) {
      await expect(signInWithGoogleOneTap(anonymousContext(), token, { keys })).rejects.toMatchObject({ code: "IDENTITY_TOKEN_INVALID" });
    }
    expect(await db.user.findUnique({ where: { email } })).toBeNull();
  });

  it("refuses an address Google has not verified", async () => {
    configureGoogle();
    const email = uniqueEmail("unverified");
    await expect(signInWithGoogleOneTap(anonymousContext(), await credential(email, { verified: false }), { keys })).rejects.toMatchObject({
      code: "EMAIL_NOT_VERIFIED",
    });
  });
});

describe("SAML sign-in (GET /vapp/auth/provider/saml, POST …/saml/cb)", () => {
  it("rejects an unknown workspace with the unknown-slug error", async () => {
    const byId = await samlLogin(jsonRequest("GET", "/vapp/auth/provider/saml?aid=no-such-account"));
    expect(byId.status).toBe(404);
    expect((await byId.json()).error.code).toBe("SAML_SLUG_UNKNOWN");
    const bySlug = await samlLogin(jsonRequest("GET", "/vapp/auth/provider/saml?slug=no-such-slug"));
    expect((await bySlug.json()).error.code).toBe("SAML_SLUG_UNKNOWN");
    const callback = await samlCallback(jsonRequest("POST", "/vapp/auth/provider/saml/cb?aid=no-such-account", { csrf: false }));
    expect((await callback.json()).error.code).toBe("SAML_SLUG_UNKNOWN");
  });

  it("says single sign-on is not available yet for a known workspace, and signs nobody in", async () => {
    const { account } = await createAccount("Sso");
    const slug = `sso-${account.id.slice(-8).toLowerCase()}`;
    await db.account.update({ where: { id: account.id }, data: { slug } });

    const start = await samlLogin(jsonRequest("GET", `/vapp/auth/provider/saml?aid=${account.id}`, { headers: { "x-language": "ca" } }));
    expect(start.status).toBe(404);
    const error = (await start.json()).error;
    expect(error.code).toBe("SSO_NOT_AVAILABLE");
    expect(error.message).toMatch(/inici de sessió únic/);
    expect((await (await samlLogin(jsonRequest("GET", `/vapp/auth/provider/saml?slug=${slug}`))).json()).error.code).toBe(
      "SSO_NOT_AVAILABLE",
    );

    // The identity provider posts from its own site: no CSRF token, and still no login.
    const callback = await samlCallback(
      new Request(`http://localhost:3000/vapp/auth/provider/saml/cb?aid=${account.id}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "SAMLResponse=PHNhbWw%2B&RelayState=x",
      }),
    );
    expect(callback.status).toBe(404);
    expect((await callback.json()).error.code).toBe("SSO_NOT_AVAILABLE");
    expect(callback.headers.getSetCookie()).toEqual([]);
  });

  it("names the missing workspace", async () => {
    const response = await samlLogin(jsonRequest("GET", "/vapp/auth/provider/saml"));
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe("Required parameter aid was null or undefined when calling samlLogin");
  });
});
