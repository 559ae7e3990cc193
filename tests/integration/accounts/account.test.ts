import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { GET as getAccountRoute } from "@/app/vapp/accounts/route";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest } from "@/tests/factories/http";

describe("accounts", () => {
  it("GET /vapp/accounts returns the current account with the caller's role and permissions", async () => {
    const { account, owner } = await createAccount("Delta");
    const { accessToken } = await signedInAs(owner.id, account.id);
    const response = await getAccountRoute(jsonRequest("GET", "/vapp/accounts", { headers: { authorization: `Bearer ${accessToken}` } }));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ id: account.id, role: "Administrator", admin: true, tos: true, tax: { taxId: null } });
    expect(body.permissions).toContain("ManageMembers");
  });

  it("resolves a single sign-on slug and refuses an unknown one", async () => {
    const { account } = await createAccount("Echo");
    const slug = `echo-${account.id.slice(-6)}`;
    await db.account.update({ where: { id: account.id }, data: { slug } });
    const found = await graphql(`{ accountSamlSlug(slug: "${slug.toUpperCase()}") { id name } }`);
    expect(found.data).toEqual({ accountSamlSlug: { id: account.id, name: account.name } });
    const missing = await graphql('{ accountSamlSlug(slug: "nobody-uses-this") { id } }', { headers: { "x-language": "es" } });
    expect(missing.errors?.[0].extensions.code).toBe("SAML_SLUG_UNKNOWN");
    expect(missing.errors?.[0].message).toContain("nobody-uses-this");
  });

  it("lists members paged, last active first, and records each member's last access", async () => {
    const { account, owner } = await createAccount("Foxtrot");
    const older = await addMember(account.id, "Member");
    const newer = await addMember(account.id, "Guest");
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    await db.accountPolicy.updateMany({ where: { accountId: account.id, userId: older.id }, data: { accessedAt: daysAgo(2) } });
    await db.accountPolicy.updateMany({ where: { accountId: account.id, userId: newer.id }, data: { accessedAt: daysAgo(1) } });
    const { accessToken } = await signedInAs(owner.id, account.id);
    // Acting in the account records the owner's access.
    await expect
      .poll(async () => (await db.accountPolicy.findFirstOrThrow({ where: { accountId: account.id, userId: owner.id } })).accessedAt)
      .toBeInstanceOf(Date);
    const page = async (n: number) =>
      graphql<{ accountPolicies: { items: { user: { id: string } }[]; total: number; pages: number; perPage: number } }>(
        `{ accountPolicies(page: ${n}, size: 1, orderBy: accessedAt, sortBy: desc) { items { user { id } role { name } } total pages perPage } }`,
        { accessToken },
      );
    const first = await page(1);
    expect(first.errors, JSON.stringify(first.errors)).toBeUndefined();
    expect(first.data?.accountPolicies).toMatchObject({ total: 3, pages: 3, perPage: 1, items: [{ user: { id: owner.id } }] });
    expect((await page(2)).data?.accountPolicies.items[0].user.id).toBe(newer.id);
    expect((await page(3)).data?.accountPolicies.items[0].user.id).toBe(older.id);
    const byCreation = await graphql<{ accountPolicies: { items: { user: { id: string } }[] } }>(
      "{ accountPolicies(orderBy: createdAt, sortBy: asc) { items { user { id } } } }",
      { accessToken },
    );
    expect(byCreation.data?.accountPolicies.items.map((i) => i.user.id)).toEqual([owner.id, older.id, newer.id]);
  });

  it("API tokens: created once with their key, listed without it, usable as x-api-key", async () => {
    const { account, owner } = await createAccount("Golf");
    const { accessToken } = await signedInAs(owner.id, account.id);
    const created = await graphql<{ createToken: { id: string; key: string } }>(
      'mutation { createToken(data: { name: "Zapier" }) { id key keyPrefix } }',
      { accessToken },
    );
    const key = created.data!.createToken.key;
    expect(key).toMatch(/^cvt_/);
    const listed = await graphql("{ tokens { id name used } }", { accessToken });
    expect(JSON.stringify(listed.data)).not.toContain(key);
    const viaKey = await graphql<{ me: { id: string } }>("{ me { id } }", { headers: { "x-api-key": key } });
    expect(viaKey.data?.me.id).toBe(owner.id);
    const audit = await db.audit.findFirst({ where: { accountId: account.id, eventType: "accountToken.created" } });
    expect(audit?.targetId).toBe(created.data!.createToken.id);
  });
});
