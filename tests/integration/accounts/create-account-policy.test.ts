import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as policies from "@/app/vapp/accounts/policies/route";
import { GLOBAL_ROLE_IDS } from "@/lib/accounts/create-account";
import { addMember, createAccount, createUser, latestEmail, signedInAs, uniqueEmail } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest } from "@/tests/factories/http";

/** createAccountPolicy and POST /vapp/accounts/policies: an invitation of one person. */
async function adminOf(name: string) {
  const { account, owner } = await createAccount(name);
  const { accessToken } = await signedInAs(owner.id, account.id);
  return { account, owner, accessToken };
}

const CREATE =
  "mutation ($data: AccountPolicyCreateInput!) { createAccountPolicy(data: $data) { id status role { name } user { email } } }";

describe("createAccountPolicy", () => {
  it("invites one person with the role: an invited membership, an email and an audit row", async () => {
    const { account, accessToken } = await adminOf("CreatePolicy");
    const email = uniqueEmail("one");
    const result = await graphql<{ createAccountPolicy: { id: string; status: string; role: { name: string }; user: { email: string } } }>(
      CREATE,
      {
        accessToken,
        variables: { data: { email: email.toUpperCase(), roleId: GLOBAL_ROLE_IDS.Member } },
      },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.createAccountPolicy).toMatchObject({ status: "invited", role: { name: "Member" }, user: { email } });
    const { id } = result.data!.createAccountPolicy;
    expect(await db.accountPolicy.findUniqueOrThrow({ where: { id } })).toMatchObject({
      accountId: account.id,
      roleId: GLOBAL_ROLE_IDS.Member,
    });
    expect((await latestEmail(email))?.template).toBe("invitation");
    expect(await db.audit.count({ where: { accountId: account.id, targetId: id, eventType: "accountPolicy.invited" } })).toBe(1);
  });

  it("refuses a member or an invitee with ALREADY_MEMBER (as sendInvitations does), an unknown role, a bad address and a non-administrator", async () => {
    const { account, owner, accessToken } = await adminOf("CreatePolicyBad");
    const invitee = uniqueEmail("twice");
    await graphql(CREATE, { accessToken, variables: { data: { email: invitee, roleId: GLOBAL_ROLE_IDS.Guest } } });
    const before = await db.accountPolicy.count({ where: { accountId: account.id } });

    for (const email of [owner.email, invitee]) {
      const duplicate = await graphql(CREATE, { accessToken, variables: { data: { email, roleId: GLOBAL_ROLE_IDS.Member } } });
      expect(duplicate.errors?.[0].extensions.code).toBe("ALREADY_MEMBER");
      const viaSend = await graphql(
        'mutation ($emails: [String!]!) { sendInvitations(data: { emails: $emails, roleId: "role_member" }) { id } }',
        {
          accessToken,
          variables: { emails: [email] },
        },
      );
      expect(viaSend.errors?.[0].extensions.code).toBe(duplicate.errors?.[0].extensions.code);
    }
    const fresh = uniqueEmail("fresh");
    const unknownRole = await graphql(CREATE, { accessToken, variables: { data: { email: fresh, roleId: "role_nope" } } });
    expect(unknownRole.errors?.[0].extensions.code).toBe("NOT_FOUND");
    const badEmail = await graphql(CREATE, {
      accessToken,
      variables: { data: { email: "not-an-address", roleId: GLOBAL_ROLE_IDS.Member } },
    });
    expect(badEmail.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "VALIDATION_FAILED" });
    const member = await addMember(account.id, "Member");
    const { accessToken: memberToken } = await signedInAs(member.id, account.id);
    const refused = await graphql(CREATE, {
      accessToken: memberToken,
      variables: { data: { email: fresh, roleId: GLOBAL_ROLE_IDS.Member } },
    });
    expect(refused.errors?.[0].extensions.code).toBe("FORBIDDEN");

    expect(await db.accountPolicy.count({ where: { accountId: account.id } })).toBe(before + 1);
    expect(await db.user.findUnique({ where: { email: fresh } })).toBeNull();
  });
});

describe("POST /vapp/accounts/policies", () => {
  const post = (body: unknown, accessToken: string) =>
    policies.POST(
      jsonRequest("POST", "/vapp/accounts/policies", { body, headers: { authorization: `Bearer ${accessToken}` }, csrf: false }),
    );

  it("answers 201 with the invited membership of an existing user, and 409 ALREADY_MEMBER the second time", async () => {
    const { account, accessToken } = await adminOf("RestCreatePolicy");
    const person = await createUser();
    const created = await post({ email: person.email, roleId: GLOBAL_ROLE_IDS.Guest }, accessToken);
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      accountId: account.id,
      userId: person.id,
      roleId: GLOBAL_ROLE_IDS.Guest,
      status: "invited",
    });
    const again = await post({ email: person.email, roleId: GLOBAL_ROLE_IDS.Member }, accessToken);
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe("ALREADY_MEMBER");
    const missing = await post({ email: uniqueEmail("x") }, accessToken);
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.code).toBe("MISSING_PARAMETER");
    const several = await post({ emails: [uniqueEmail("y")], roleId: GLOBAL_ROLE_IDS.Member }, accessToken);
    expect(several.status).toBe(400);
    expect(await db.accountPolicy.count({ where: { accountId: account.id } })).toBe(2);
  });
});
