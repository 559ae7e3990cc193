import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createAccount, createUser, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";

describe("createAccount", () => {
  afterEach(() => {
    delete process.env.MULTI_ACCOUNT;
  });

  it("gives a user without a workspace their own, as Administrator, and moves the session into it", async () => {
    const user = await createUser();
    const { accessToken, sessionId } = await signedInAs(user.id);
    const result = await graphql<{ createAccount: { id: string; name: string; role: string } }>(
      'mutation { createAccount(data: { name: "Papa Legal" }) { id name role } }',
      { accessToken },
    );
    expect(result.errors).toBeUndefined();
    const accountId = result.data!.createAccount.id;
    expect((await db.session.findUniqueOrThrow({ where: { id: sessionId } })).accountId).toBe(accountId);
    const policy = await db.accountPolicy.findFirstOrThrow({ where: { userId: user.id } });
    expect(policy).toMatchObject({ accountId, roleId: "role_administrator", status: "active" });
    const me = await graphql<{ account: { id: string; role: string } }>("{ account { id role } }", { accessToken });
    expect(me.data?.account).toEqual({ id: accountId, role: "Administrator" });
  });

  it("refuses a second workspace unless multi-account is on", async () => {
    const { account, owner } = await createAccount("Quebec");
    const { accessToken } = await signedInAs(owner.id, account.id);
    const refused = await graphql('mutation { createAccount(data: { name: "Second" }) { id } }', { accessToken });
    expect(refused.errors?.[0].extensions.code).toBe("CONFLICT");
    process.env.MULTI_ACCOUNT = "true";
    const allowed = await graphql('mutation { createAccount(data: { name: "Second" }) { id } }', { accessToken });
    expect(allowed.errors).toBeUndefined();
    expect(await db.accountPolicy.count({ where: { userId: owner.id } })).toBe(2);

    // The switcher moves the session between the two; the session now sits in the new one.
    const inSecond = await graphql<{ account: { id: string } }>("{ account { id } }", { accessToken });
    expect(inSecond.data?.account.id).not.toBe(account.id);
    const switched = await graphql(`mutation { switchAccount(accountId: "${account.id}") { id } }`, { accessToken });
    expect(switched.errors).toBeUndefined();
    expect((await graphql<{ account: { id: string } }>("{ account { id } }", { accessToken })).data?.account.id).toBe(account.id);
    const foreign = await createAccount("Zulu");
    const foreignSwitch = await graphql(`mutation { switchAccount(accountId: "${foreign.account.id}") { id } }`, { accessToken });
    expect(foreignSwitch.errors?.[0].extensions.code).toBe("NOT_FOUND");
  });
});
