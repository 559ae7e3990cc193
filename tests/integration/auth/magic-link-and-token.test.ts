import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { POST as requestMagic } from "@/app/vapp/auth/provider/magic/route";
import { GET as magicCallback } from "@/app/vapp/auth/provider/magic/cb/route";
import { POST as tokenLogin } from "@/app/vapp/auth/provider/token/route";
import { GET as session } from "@/app/vapp/auth/session/route";
import { createAccountToken, revokeAccountToken } from "@/lib/accounts/account-tokens";
import { sessionCookieName } from "@/lib/auth/session-jwt";
import { createAccount, createUser, latestEmail, signedInAs, tokenFromEmail } from "@/tests/factories";
import { jsonRequest, setCookies } from "@/tests/factories/http";

describe("magic link", () => {
  it("signs in once, verifies the address and goes to the stored redirect", async () => {
    const user = await createUser({ verified: false });
    await requestMagic(jsonRequest("POST", "/vapp/auth/provider/magic", { body: { email: user.email, redirect: "/docs?view=all" } }));
    const mail = await latestEmail(user.email);
    expect(mail?.template).toBe("magicLink");
    const token = tokenFromEmail(mail!.text);

    const landed = await magicCallback(jsonRequest("GET", `/vapp/auth/provider/magic/cb?token=${token}`));
    expect(landed.status).toBe(303);
    expect(landed.headers.get("location")).toBe("http://localhost:3000/docs?view=all");
    const cookies = setCookies(landed);
    expect(cookies[sessionCookieName()]).toBeTruthy();
    expect((await (await session(jsonRequest("GET", "/vapp/auth/session", { cookies }))).json()).user.id).toBe(user.id);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerified).toBeInstanceOf(Date);

    const reused = await magicCallback(jsonRequest("GET", `/vapp/auth/provider/magic/cb?token=${token}`));
    expect(reused.headers.get("location")).toBe("http://localhost:3000/login?error=TOKEN_USED");
  });

  it("refuses a redirect that leaves the app, and sends nothing", async () => {
    const user = await createUser();
    for (const redirect of [
      "//evil.example/x",
      "/\\evil.example",
      "/%5Cevil.example",
      "/\t/evil.example",
      "/%09/evil.example",
      "https://evil.example",
      "javascript:alert(1)",
    ]) {
      const response = await requestMagic(jsonRequest("POST", "/vapp/auth/provider/magic", { body: { email: user.email, redirect } }));
      expect(response.status, redirect).toBe(400);
      expect((await response.json()).error.details.fields[0].path).toBe("redirect");
    }
    expect(await latestEmail(user.email)).toBeNull();
  });

  it("keeps a same-origin absolute redirect as its path", async () => {
    const user = await createUser();
    await requestMagic(
      jsonRequest("POST", "/vapp/auth/provider/magic", { body: { email: user.email, redirect: "http://localhost:3000/templates?x=1" } }),
    );
    const token = tokenFromEmail((await latestEmail(user.email))!.text);
    const landed = await magicCallback(jsonRequest("GET", `/vapp/auth/provider/magic/cb?token=${token}`));
    expect(landed.headers.get("location")).toBe("http://localhost:3000/templates?x=1");
  });

  it("does not follow an off-site redirect stored in an older link", async () => {
    const user = await createUser();
    await requestMagic(jsonRequest("POST", "/vapp/auth/provider/magic", { body: { email: user.email } }));
    const token = tokenFromEmail((await latestEmail(user.email))!.text);
    await db.authToken.updateMany({ where: { userId: user.id, type: "magicLink" }, data: { redirect: "/\\evil.example" } });
    const landed = await magicCallback(jsonRequest("GET", `/vapp/auth/provider/magic/cb?token=${token}`));
    expect(landed.status).toBe(303);
    expect(landed.headers.get("location")).toBe("http://localhost:3000/");
  });
});

describe("API-token sign-in", () => {
  it("exchanges an active key for a session in the token's account, and refuses a revoked one", async () => {
    const { account, owner } = await createAccount();
    const { ctx } = await signedInAs(owner.id, account.id);
    const created = await createAccountToken(ctx, { name: "CI" });
    const response = await tokenLogin(jsonRequest("POST", "/vapp/auth/provider/token", { headers: { "x-access-token": created.key } }));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ userId: owner.id, accountId: account.id });
    const stored = await db.accountToken.findUniqueOrThrow({ where: { id: created.id } });
    expect(stored.used).toBe(1);
    expect(stored.keyHash).not.toContain(created.key);

    await revokeAccountToken(ctx, created.id);
    const refused = await tokenLogin(jsonRequest("POST", "/vapp/auth/provider/token", { headers: { "x-access-token": created.key } }));
    expect(refused.status).toBe(401);
  });

  it("names the missing header", async () => {
    const response = await tokenLogin(jsonRequest("POST", "/vapp/auth/provider/token"));
    expect((await response.json()).error.message).toBe("Required parameter x-access-token was null or undefined when calling tokenLogin");
  });
});
