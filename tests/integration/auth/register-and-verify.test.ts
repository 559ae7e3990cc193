import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { POST as register } from "@/app/vapp/auth/register/route";
import { POST as login } from "@/app/vapp/auth/provider/local/route";
import { GET as verify } from "@/app/vapp/users/verify-email/route";
import { POST as resend } from "@/app/vapp/users/send-verify-email/[email]/route";
import { latestEmail, tokenFromEmail, uniqueEmail } from "@/tests/factories";
import { jsonRequest, params } from "@/tests/factories/http";

const signUp = (email: string, extra: Record<string, unknown> = {}) =>
  register(
    jsonRequest("POST", "/vapp/auth/register", {
      body: { email, password: "Str0ng-pass", firstName: "Ana", lastName: "Ruiz", accountName: "Ruiz Legal", ...extra },
    }),
  );

describe("registration and email verification", () => {
  it("creates the user with an argon2id hash, their workspace as Administrator, audit rows and a verification email", async () => {
    const email = uniqueEmail("signup");
    const response = await signUp(email.toUpperCase(), { language: "es" });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toEqual({ id: expect.any(String), email });

    const user = await db.user.findUniqueOrThrow({ where: { email }, include: { policies: { include: { account: true, role: true } } } });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.emailVerified).toBeNull();
    expect(user.language).toBe("es");
    expect(user.policies).toHaveLength(1);
    expect(user.policies[0].role.name).toBe("Administrator");
    expect(user.policies[0].account.name).toBe("Ruiz Legal");

    const audits = await db.audit.findMany({ where: { userId: user.id }, select: { eventType: true } });
    expect(audits.map((a) => a.eventType)).toEqual(expect.arrayContaining(["user.registered", "account.created", "accountPolicy.created"]));

    const mail = await latestEmail(email);
    expect(mail?.template).toBe("verifyEmail");
    expect(mail?.locale).toBe("es");
    expect(mail?.subject).not.toBe("Verify your email address");
    expect(mail?.text).toContain("http://localhost:3000/verify-email?token=");
  });

  it("refuses a registered address and writes nothing", async () => {
    const email = uniqueEmail("dup");
    expect((await signUp(email)).status).toBe(201);
    const accounts = await db.accountPolicy.count({ where: { user: { email } } });
    const response = await signUp(email);
    expect(response.status).toBe(409);
    expect((await response.json()).error.code).toBe("EMAIL_TAKEN");
    // No second workspace for the address (counting whole tables would race with the other worker).
    expect(await db.accountPolicy.count({ where: { user: { email } } })).toBe(accounts);
  });

  it("refuses password sign-in until verified, then verifies once", async () => {
    const email = uniqueEmail("verify");
    await signUp(email);
    const early = await login(jsonRequest("POST", "/vapp/auth/provider/local", { body: { email, password: "Str0ng-pass" } }));
    expect(early.status).toBe(403);
    expect((await early.json()).error.code).toBe("EMAIL_NOT_VERIFIED");

    const token = tokenFromEmail((await latestEmail(email))!.text);
    const ok = await verify(jsonRequest("GET", `/vapp/users/verify-email?token=${token}`));
    expect(ok.status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { email } })).emailVerified).toBeInstanceOf(Date);

    const again = await verify(jsonRequest("GET", `/vapp/users/verify-email?token=${token}`, { headers: { "x-language": "ca" } }));
    expect(again.status).toBe(400);
    const error = (await again.json()).error;
    expect(error.code).toBe("TOKEN_USED");
    expect(error.message).not.toMatch(/already been used/);

    const signedIn = await login(jsonRequest("POST", "/vapp/auth/provider/local", { body: { email, password: "Str0ng-pass" } }));
    expect(signedIn.status).toBe(200);
  });

  it("refuses an expired verification link", async () => {
    const email = uniqueEmail("expired");
    await signUp(email);
    const token = tokenFromEmail((await latestEmail(email))!.text);
    await db.authToken.updateMany({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const response = await verify(jsonRequest("GET", `/vapp/users/verify-email?token=${token}`));
    expect((await response.json()).error.code).toBe("TOKEN_EXPIRED");
  });

  it("resends a verification link without telling whether the address exists", async () => {
    const email = uniqueEmail("resend");
    await signUp(email);
    const before = await db.outboxEmail.count({ where: { to: email } });
    const known = await resend(jsonRequest("POST", `/vapp/users/send-verify-email/${email}`), params({ email }));
    const unknown = await resend(
      jsonRequest("POST", "/vapp/users/send-verify-email/nobody@example.test"),
      params({ email: "nobody@example.test" }),
    );
    expect(await known.json()).toEqual({ sent: true });
    expect(await unknown.json()).toEqual({ sent: true });
    expect(await db.outboxEmail.count({ where: { to: email } })).toBe(before + 1);
    expect(await db.outboxEmail.count({ where: { to: "nobody@example.test" } })).toBe(0);
  });
});
