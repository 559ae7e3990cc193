import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { acceptInvitation, getInvitation } from "@/lib/accounts/accept-invitation";
import { GLOBAL_ROLE_IDS } from "@/lib/accounts/create-account";
import { inviteMembers, resendInvitation } from "@/lib/accounts/invite-members";
import { removeMember, updateMemberRole } from "@/lib/accounts/manage-members";
import { anonymousContext } from "@/lib/auth/context";
import { addMember, createAccount, createUser, latestEmail, signedInAs, tokenFromEmail, uniqueEmail } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest } from "@/tests/factories/http";
import * as invitationsRoute from "@/app/vapp/accounts/invitations/route";

async function adminOf(name: string) {
  const { account, owner } = await createAccount(name);
  const { ctx } = await signedInAs(owner.id, account.id);
  return { account, owner, ctx };
}

describe("members and invitations", () => {
  it("invites a new person, who sets a password, joins with the role and is signed in", async () => {
    const { account, ctx } = await adminOf("Hotel");
    const email = uniqueEmail("invitee");
    const [policy] = await inviteMembers(ctx, { emails: [email], roleId: GLOBAL_ROLE_IDS.Member });
    expect(policy.status).toBe("invited");
    const mail = await latestEmail(email);
    expect(mail?.template).toBe("invitation");
    expect(mail?.subject).toContain(account.name);
    expect(mail?.text).toContain("/invite?token=");
    const token = tokenFromEmail(mail!.text);

    expect(await getInvitation(token)).toMatchObject({ email, accountName: account.name, role: "Member", needsAccount: true });
    const accepted = await acceptInvitation(anonymousContext(), { token, firstName: "Nina", password: "Joined-pass1" });
    expect(accepted.accountId).toBe(account.id);
    expect(accepted.session).not.toBeNull();
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(user.emailVerified).toBeInstanceOf(Date);
    expect((await db.accountPolicy.findUniqueOrThrow({ where: { id: policy.id } })).status).toBe("active");
    await expect(getInvitation(token)).rejects.toMatchObject({ code: "TOKEN_USED" });
  });

  it("an existing user must be signed in as the invited address", async () => {
    const { ctx } = await adminOf("India");
    const existing = await createUser();
    const stranger = await createUser();
    await inviteMembers(ctx, { emails: [existing.email], roleId: GLOBAL_ROLE_IDS.Guest });
    const token = tokenFromEmail((await latestEmail(existing.email))!.text);
    const { ctx: strangerCtx } = await signedInAs(stranger.id);
    await expect(acceptInvitation(strangerCtx, { token })).rejects.toMatchObject({ code: "INVITATION_OTHER_USER" });
    // The refused attempt consumed nothing.
    const { ctx: invitedCtx } = await signedInAs(existing.id);
    const accepted = await acceptInvitation(invitedCtx, { token });
    expect(accepted.session).toBeNull();
  });

  it("refuses duplicates and unknown roles, changing nothing", async () => {
    const { account, owner, ctx } = await adminOf("Juliet");
    const fresh = uniqueEmail("fresh");
    const before = await db.accountPolicy.count({ where: { accountId: account.id } });
    await expect(inviteMembers(ctx, { emails: [fresh, owner.email], roleId: GLOBAL_ROLE_IDS.Member })).rejects.toMatchObject({
      code: "ALREADY_MEMBER",
    });
    await expect(inviteMembers(ctx, { emails: [fresh], roleId: "role_nope" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await db.accountPolicy.count({ where: { accountId: account.id } })).toBe(before);
    expect(await db.user.findUnique({ where: { email: fresh } })).toBeNull();
  });

  it("resending replaces the link", async () => {
    const { ctx } = await adminOf("Kilo");
    const email = uniqueEmail("resend");
    const [policy] = await inviteMembers(ctx, { emails: [email], roleId: GLOBAL_ROLE_IDS.Member });
    const first = tokenFromEmail((await latestEmail(email))!.text);
    await resendInvitation(ctx, policy.id);
    const second = tokenFromEmail((await latestEmail(email))!.text);
    expect(second).not.toBe(first);
    await expect(getInvitation(first)).rejects.toMatchObject({ code: "TOKEN_USED" });
    expect(await getInvitation(second)).toMatchObject({ email });
  });

  it("changes roles but never leaves the workspace without an administrator", async () => {
    const { account, owner, ctx } = await adminOf("Lima");
    const ownerPolicy = await db.accountPolicy.findFirstOrThrow({ where: { accountId: account.id, userId: owner.id } });
    await expect(updateMemberRole(ctx, { id: ownerPolicy.id, roleId: GLOBAL_ROLE_IDS.Member })).rejects.toMatchObject({
      code: "LAST_ADMINISTRATOR",
    });
    await expect(removeMember(ctx, ownerPolicy.id)).rejects.toMatchObject({ code: "LAST_ADMINISTRATOR" });

    const colleague = await addMember(account.id, "Member");
    const colleaguePolicy = await db.accountPolicy.findFirstOrThrow({ where: { accountId: account.id, userId: colleague.id } });
    await updateMemberRole(ctx, { id: colleaguePolicy.id, roleId: GLOBAL_ROLE_IDS.Administrator });
    // The change applies to the colleague's next request.
    const { ctx: colleagueCtx } = await signedInAs(colleague.id, account.id);
    expect(colleagueCtx.role).toBe("Administrator");
    await updateMemberRole(ctx, { id: ownerPolicy.id, roleId: GLOBAL_ROLE_IDS.Member });
    const audit = await db.audit.findFirst({
      where: { accountId: account.id, eventType: "accountPolicy.roleChanged", targetId: ownerPolicy.id },
    });
    expect(audit?.payload).toEqual({ from: "Administrator", to: "Member" });
  });

  it("removing a member ends their access to the workspace", async () => {
    const { account, ctx } = await adminOf("Mike");
    const member = await addMember(account.id, "Member");
    const policy = await db.accountPolicy.findFirstOrThrow({ where: { accountId: account.id, userId: member.id } });
    await removeMember(ctx, policy.id);
    const { ctx: memberCtx } = await signedInAs(member.id, account.id);
    expect(memberCtx.accountId).toBeNull();
  });

  it("another workspace's members are not found", async () => {
    const { ctx } = await adminOf("November");
    const other = await createAccount("Oscar");
    const otherPolicy = await db.accountPolicy.findFirstOrThrow({ where: { accountId: other.account.id } });
    await expect(updateMemberRole(ctx, { id: otherPolicy.id, roleId: GLOBAL_ROLE_IDS.Guest })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(removeMember(ctx, otherPolicy.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(resendInvitation(ctx, otherPolicy.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("bad invitation input", () => {
  it("an invalid address via GraphQL sendInvitations or REST POST /vapp/accounts/invitations is refused clearly and writes nothing", async () => {
    const { account, owner } = await createAccount("Papa");
    const { accessToken } = await signedInAs(owner.id, account.id);
    const good = uniqueEmail("good");
    const policiesBefore = await db.accountPolicy.count({ where: { accountId: account.id } });

    const viaGraphql = await graphql(
      `mutation { sendInvitations(data: { emails: ["${good}", "not-an-address"], roleId: "role_member" }) { id } }`,
      { accessToken },
    );
    expect(viaGraphql.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "VALIDATION_FAILED", type: "validation" });
    // The field is named: "Some fields are not valid: emails.1".
    expect(viaGraphql.errors?.[0].message).toMatch(/emails\.1/);

    const response = await invitationsRoute.POST(
      jsonRequest("POST", "/vapp/accounts/invitations", {
        body: { emails: ["still not@an address"], roleId: "role_member" },
        headers: { authorization: `Bearer ${accessToken}` },
        csrf: false,
      }),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.message).toMatch(/emails/);

    expect(await db.accountPolicy.count({ where: { accountId: account.id } })).toBe(policiesBefore);
    expect(await db.user.findUnique({ where: { email: good } })).toBeNull();
    expect(await db.outboxEmail.findFirst({ where: { to: good } })).toBeNull();
    expect(await db.audit.count({ where: { accountId: account.id, eventType: "accountPolicy.invited" } })).toBe(0);
  });
});
