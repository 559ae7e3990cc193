import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { POST as register } from "@/app/vapp/auth/register/route";
import { POST as login } from "@/app/vapp/auth/provider/local/route";
import { GLOBAL_ROLE_IDS } from "@/lib/accounts/create-account";
import { inviteMembers } from "@/lib/accounts/invite-members";
import { createAccount, latestEmail, signedInAs, tokenFromEmail, uniqueEmail } from "@/tests/factories";
import { jsonRequest } from "@/tests/factories/http";

const PASSWORD = "Str0ng-pass";

const signUp = (email: string, signed?: string, extra: Record<string, unknown> = {}) =>
  register(
    jsonRequest("POST", "/vapp/auth/register", {
      body: { email, password: PASSWORD, firstName: "Eva", lastName: "Mora", ...extra },
      headers: signed ? { signed } : {},
    }),
  );

/** A workspace that invited `email` as a Manager; returns the invitation token from the email. */
async function invite(email: string) {
  const { account, owner } = await createAccount("Inviting");
  const { ctx } = await signedInAs(owner.id, account.id);
  const [policy] = await inviteMembers(ctx, { emails: [email], roleId: GLOBAL_ROLE_IDS.Manager });
  const token = tokenFromEmail((await latestEmail(email))!.text);
  return { account, policy, token };
}

const membershipsOf = (email: string) => db.accountPolicy.findMany({ where: { user: { email } }, include: { role: true } });

describe("registration with an invitation (the signed header)", () => {
  it("verifies the invited address and joins the inviting workspace with the invited role, without a workspace of its own", async () => {
    const email = uniqueEmail("invited");
    const { account, policy, token } = await invite(email);
    const mailsBefore = await db.outboxEmail.count({ where: { to: email } });

    const response = await signUp(email, token);
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ email, accountId: account.id, verified: true });

    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(user.emailVerified).toBeInstanceOf(Date);
    expect(user.firstName).toBe("Eva");
    const memberships = await membershipsOf(email);
    expect(memberships).toHaveLength(1);
    expect(memberships[0]).toMatchObject({ id: policy.id, accountId: account.id, status: "active" });
    expect(memberships[0].role.name).toBe("Manager");
    // No verification email: the invitation link proved the address.
    expect(await db.outboxEmail.count({ where: { to: email } })).toBe(mailsBefore);
    expect(await db.audit.count({ where: { eventType: "accountPolicy.accepted", targetId: policy.id } })).toBe(1);

    // Verified, so password sign-in works at once, in the inviting workspace.
    const signedIn = await login(jsonRequest("POST", "/vapp/auth/provider/local", { body: { email, password: PASSWORD } }));
    expect(signedIn.status).toBe(200);
    expect((await signedIn.json()).accountId).toBe(account.id);

    // The token is single use.
    const again = await signUp(uniqueEmail("again"), token);
    expect((await again.json()).error.code).toBe("TOKEN_USED");
  });

  it("joins with another address, which still has to be verified", async () => {
    const invited = uniqueEmail("invited-other");
    const { account, policy, token } = await invite(invited);
    const email = uniqueEmail("actual");

    const response = await signUp(email, token);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ email, accountId: account.id, verified: false });

    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(user.emailVerified).toBeNull();
    expect((await latestEmail(email))?.template).toBe("verifyEmail");
    const memberships = await membershipsOf(email);
    expect(memberships).toHaveLength(1);
    expect(memberships[0]).toMatchObject({ id: policy.id, accountId: account.id, status: "active" });
    expect(await membershipsOf(invited)).toHaveLength(0);
  });

  it("refuses an unknown, used or expired invitation with a clear error and creates nothing", async () => {
    const unknown = uniqueEmail("unknown-invite");
    const refused = await signUp(unknown, "not-a-real-token", { accountName: "Should not exist" });
    expect(refused.status).toBe(400);
    const error = (await refused.json()).error;
    expect(error.code).toBe("TOKEN_INVALID");
    expect(error.message).toEqual(expect.any(String));
    expect(await db.user.findUnique({ where: { email: unknown } })).toBeNull();
    expect(await db.account.count({ where: { name: "Should not exist" } })).toBe(0);

    const email = uniqueEmail("expired-invite");
    const { policy, token } = await invite(email);
    await db.authToken.updateMany({ where: { policyId: policy.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await signUp(email, token);
    expect((await expired.json()).error.code).toBe("TOKEN_EXPIRED");
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(user.passwordHash).toBeNull();
    expect((await db.accountPolicy.findUniqueOrThrow({ where: { id: policy.id } })).status).toBe("invited");
  });

  it("rolls back the used token when the registration fails later", async () => {
    const email = uniqueEmail("member-already");
    const { account, policy, token } = await invite(uniqueEmail("seat"));
    // `email` is already invited to the same workspace: moving the seat to it would duplicate the membership.
    const { ctx } = await signedInAs(
      (await db.accountPolicy.findFirstOrThrow({ where: { accountId: account.id, role: { name: "Administrator" } } })).userId,
      account.id,
    );
    await inviteMembers(ctx, { emails: [email], roleId: GLOBAL_ROLE_IDS.Member });

    const response = await signUp(email, token);
    expect(response.status).toBe(409);
    expect((await response.json()).error.code).toBe("ALREADY_MEMBER");
    expect((await db.user.findUniqueOrThrow({ where: { email } })).passwordHash).toBeNull();
    expect((await db.authToken.findFirstOrThrow({ where: { policyId: policy.id } })).usedAt).toBeNull();
    expect((await db.accountPolicy.findUniqueOrThrow({ where: { id: policy.id } })).status).toBe("invited");
  });

  it("still needs a workspace name without an invitation", async () => {
    const email = uniqueEmail("no-name");
    const response = await signUp(email);
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe("Required parameter accountName was null or undefined when calling register");
    expect(await db.user.findUnique({ where: { email } })).toBeNull();
  });
});
