import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { GET as getAccountRoute } from "@/app/vapp/accounts/route";
import { createAccountToken } from "@/lib/accounts/account-tokens";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest } from "@/tests/factories/http";

/**
 * Every GraphQL operation and REST route that reads or changes account data, called by an
 * Administrator of workspace A with ids from workspace B: each answers not-found or not-allowed
 * and leaks and changes nothing. New operations join this table.
 */
type World = { tokenA: string; accountB: { id: string; name: string }; tokenOfB: { id: string }; policyOfB: { id: string }; categoryOfB: { id: string }; tagOfB: { id: string } };
let world: World;

beforeAll(async () => {
  const a = await createAccount("Alpha");
  const b = await createAccount("Bravo");
  const { accessToken } = await signedInAs(a.owner.id, a.account.id);
  const { ctx: ctxB } = await signedInAs(b.owner.id, b.account.id);
  const tokenOfB = await createAccountToken(ctxB, { name: "B's integration" });
  const policyOfB = await db.accountPolicy.findFirstOrThrow({ where: { accountId: b.account.id } });
  const categoryOfB = await db.category.create({ data: { accountId: b.account.id, name: "B only", slug: "b-only" } });
  const tagOfB = await db.tag.create({ data: { accountId: b.account.id, name: "B tag" } });
  world = { tokenA: accessToken, accountB: b.account, tokenOfB, policyOfB, categoryOfB, tagOfB };
});

const asAWithHeaderOfB = () => ({ authorization: `Bearer ${world.tokenA}`, "x-account-id": world.accountB.id });

const GRAPHQL_CASES: { name: string; query: () => string }[] = [
  { name: "account", query: () => "{ account { id name settings } }" },
  { name: "accountPolicies", query: () => "{ accountPolicies { items { id user { email } } total } }" },
  { name: "accountRoles", query: () => "{ accountRoles { id name } }" },
  { name: "tokens", query: () => "{ tokens { id name } }" },
  { name: "createToken", query: () => 'mutation { createToken(data: { name: "sneaky" }) { id key } }' },
  { name: "deleteToken", query: () => `mutation { deleteToken(id: "${world.tokenOfB.id}") { id active } }` },
  { name: "sendInvitations", query: () => 'mutation { sendInvitations(data: { emails: ["spy@example.test"], roleId: "role_administrator" }) { id } }' },
  { name: "resendInvitation", query: () => `mutation { resendInvitation(id: "${world.policyOfB.id}") { id } }` },
  { name: "updateAccountPolicy", query: () => `mutation { updateAccountPolicy(id: "${world.policyOfB.id}", data: { roleId: "role_guest" }) { id } }` },
  { name: "updateAccount", query: () => 'mutation { updateAccount(data: { name: "Hijacked" }) { id } }' },
  { name: "switchAccount", query: () => `mutation { switchAccount(accountId: "${world.accountB.id}") { id name } }` },
  { name: "categories", query: () => "{ categories(includeHidden: true) { id name } }" },
  { name: "tags", query: () => "{ tags { id name } }" },
  { name: "createCategory", query: () => 'mutation { createCategory(data: { name: "Planted" }) { id } }' },
  { name: "updateCategory", query: () => `mutation { updateCategory(id: "${world.categoryOfB.id}", data: { name: "Renamed" }) { id } }` },
  { name: "hideCategory", query: () => `mutation { hideCategory(id: "${world.categoryOfB.id}") { id } }` },
  { name: "bulkDeleteCategories", query: () => `mutation { bulkDeleteCategories(ids: ["${world.categoryOfB.id}"]) }` },
  { name: "createTag", query: () => 'mutation { createTag(data: { name: "Planted" }) { id } }' },
  { name: "updateTag", query: () => `mutation { updateTag(id: "${world.tagOfB.id}", data: { color: "#000000" }) { id } }` },
  { name: "bulkDeleteTags", query: () => `mutation { bulkDeleteTags(ids: ["${world.tagOfB.id}"]) }` },
  { name: "deleteAccountPolicy", query: () => `mutation { deleteAccountPolicy(id: "${world.policyOfB.id}") }` },
];

describe("cross-account isolation", () => {
  it.each(GRAPHQL_CASES)("GraphQL $name with workspace B's header or ids", async ({ query }) => {
    const before = await db.accountToken.count({ where: { accountId: world.accountB.id, active: true } });
    const result = await graphql(query(), { headers: asAWithHeaderOfB() });
    expect(result.errors?.[0].extensions.code).toMatch(/^(NOT_FOUND|FORBIDDEN|ACCOUNT_REQUIRED)$/);
    expect(JSON.stringify(result.data ?? {})).not.toContain(world.accountB.name);
    expect(await db.accountToken.count({ where: { accountId: world.accountB.id, active: true } })).toBe(before);
    expect((await db.account.findUniqueOrThrow({ where: { id: world.accountB.id } })).name).toBe(world.accountB.name);
  });

  it.each(["updateCategory", "hideCategory", "bulkDeleteCategories", "updateTag", "bulkDeleteTags"])(
    "%s with B's ids from A's own account is NOT_FOUND and B's data is untouched",
    async (name) => {
      const result = await graphql(GRAPHQL_CASES.find((c) => c.name === name)!.query(), { accessToken: world.tokenA });
      expect(result.errors?.[0].extensions.code).toBe("NOT_FOUND");
      expect(await db.category.findUniqueOrThrow({ where: { id: world.categoryOfB.id } })).toMatchObject({ name: "B only", hidden: false });
      expect(await db.tag.findUniqueOrThrow({ where: { id: world.tagOfB.id } })).toMatchObject({ name: "B tag", color: "#7c3aed" });
    },
  );

  it.each(["updateAccountPolicy", "deleteAccountPolicy", "resendInvitation"])(
    "%s with B's membership id from A's own account is NOT_FOUND and changes nothing",
    async (name) => {
      const query = GRAPHQL_CASES.find((c) => c.name === name)!.query();
      const result = await graphql(query, { accessToken: world.tokenA });
      expect(result.errors?.[0].extensions.code).toBe("NOT_FOUND");
      const policy = await db.accountPolicy.findUniqueOrThrow({ where: { id: world.policyOfB.id } });
      expect(policy.roleId).toBe("role_administrator");
    },
  );

  it("deleteToken with B's token id from A's own account is NOT_FOUND and B's token stays active", async () => {
    const result = await graphql(`mutation { deleteToken(id: "${world.tokenOfB.id}") { id } }`, { accessToken: world.tokenA });
    expect(result.errors?.[0].extensions.code).toBe("NOT_FOUND");
    expect((await db.accountToken.findUniqueOrThrow({ where: { id: world.tokenOfB.id } })).active).toBe(true);
  });

  it("REST GET /vapp/accounts with B's header is refused without leaking B", async () => {
    const response = await getAccountRoute(jsonRequest("GET", "/vapp/accounts", { headers: asAWithHeaderOfB() }));
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain(world.accountB.name);
  });

  it("roles: a Guest cannot list members or tokens; the account header picks a workspace the user belongs to", async () => {
    const b = await createAccount("Charlie");
    const guest = await addMember(b.account.id, "Guest");
    const { accessToken } = await signedInAs(guest.id, b.account.id);
    const members = await graphql("{ accountPolicies { total } }", { accessToken });
    expect(members.errors?.[0].extensions.code).toBe("FORBIDDEN");
    const tokens = await graphql("{ tokens { id } }", { accessToken });
    expect(tokens.errors?.[0].extensions.code).toBe("FORBIDDEN");
    const account = await graphql<{ account: { id: string; role: string; admin: boolean } }>("{ account { id role admin } }", {
      accessToken,
      headers: { "x-account-id": b.account.id },
    });
    expect(account.data?.account).toEqual({ id: b.account.id, role: "Guest", admin: false });
  });
});
