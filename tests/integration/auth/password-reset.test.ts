import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { POST as forgot } from "@/app/vapp/auth/forgot-password/route";
import { POST as change } from "@/app/vapp/auth/change-password/route";
import { POST as login } from "@/app/vapp/auth/provider/local/route";
import { POST as setPasswordRoute } from "@/app/vapp/users/set-password/route";
import { createUser, latestEmail, PASSWORD, signedInAs, tokenFromEmail } from "@/tests/factories";
import { jsonRequest } from "@/tests/factories/http";

const signIn = (email: string, password: string) => login(jsonRequest("POST", "/vapp/auth/provider/local", { body: { email, password } }));

describe("forgot and change password", () => {
  it("round trip: the emailed token sets a new password once and ends old sessions", async () => {
    const user = await createUser();
    const { sessionId } = await signedInAs(user.id);
    const asked = await forgot(jsonRequest("POST", "/vapp/auth/forgot-password", { body: { email: user.email } }));
    expect(await asked.json()).toEqual({ sent: true });
    const mail = await latestEmail(user.email);
    expect(mail?.template).toBe("resetPassword");
    expect(await db.audit.count({ where: { userId: user.id, eventType: "user.passwordResetRequested" } })).toBe(1);
    const token = tokenFromEmail(mail!.text);

    const done = await change(jsonRequest("POST", "/vapp/auth/change-password", { body: { token, password: "Brand-new-pass2" } }));
    expect(await done.json()).toEqual({ done: true });
    expect((await signIn(user.email, PASSWORD)).status).toBe(401);
    expect((await signIn(user.email, "Brand-new-pass2")).status).toBe(200);
    expect((await db.session.findUniqueOrThrow({ where: { id: sessionId } })).revokedAt).toBeInstanceOf(Date);

    const reused = await change(jsonRequest("POST", "/vapp/auth/change-password", { body: { token, password: "Another-pass3" } }));
    expect((await reused.json()).error.code).toBe("TOKEN_USED");
  });

  it("says the same for an unknown address and sends nothing", async () => {
    const response = await forgot(jsonRequest("POST", "/vapp/auth/forgot-password", { body: { email: "ghost@example.test" } }));
    expect(await response.json()).toEqual({ sent: true });
    expect(await latestEmail("ghost@example.test")).toBeNull();
  });

  it("refuses an expired reset token and a weak new password", async () => {
    const user = await createUser();
    await forgot(jsonRequest("POST", "/vapp/auth/forgot-password", { body: { email: user.email } }));
    const token = tokenFromEmail((await latestEmail(user.email))!.text);
    const weak = await change(jsonRequest("POST", "/vapp/auth/change-password", { body: { token, password: "weak" } }));
    expect((await weak.json()).error.code).toBe("VALIDATION_FAILED");
    await db.authToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    const expired = await change(jsonRequest("POST", "/vapp/auth/change-password", { body: { token, password: "Good-pass-44" } }));
    expect((await expired.json()).error.code).toBe("TOKEN_EXPIRED");
  });

  it("sets a first password only for a user without one", async () => {
    const withoutPassword = await createUser({ password: null });
    const { accessToken } = await signedInAs(withoutPassword.id);
    const headers = { authorization: `Bearer ${accessToken}` };
    const first = await setPasswordRoute(
      jsonRequest("POST", "/vapp/users/set-password", { body: { password: "First-pass-1" }, headers, csrf: false }),
    );
    expect(await first.json()).toEqual({ done: true });
    const second = await setPasswordRoute(
      jsonRequest("POST", "/vapp/users/set-password", { body: { password: "Second-pass-1" }, headers, csrf: false }),
    );
    expect((await second.json()).error.code).toBe("PASSWORD_ALREADY_SET");
  });
});
