import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as rolesRoute from "@/app/vapp/accounts/roles/route";
import * as roleRoute from "@/app/vapp/accounts/roles/[id]/route";
import * as rolesBulk from "@/app/vapp/accounts/roles/bulk-delete/route";
import * as policiesRoute from "@/app/vapp/accounts/policies/route";
import * as policiesBulk from "@/app/vapp/accounts/policies/bulk-delete/route";
import { GLOBAL_ROLE_IDS } from "@/lib/accounts/create-account";
import { addMember, createAccount, latestEmail, signedInAs, uniqueEmail } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest, params } from "@/tests/factories/http";

async function adminOf(name: string) {
  const { account, owner } = await createAccount(name);
  const { ctx, accessToken } = await signedInAs(owner.id, account.id);
  return { account, owner, ctx, accessToken };
}

type RoleResult = { id: string; name: string; global: boolean; permissions: string[] };

describe("account roles: create, update, upsert, delete, bulk delete", () => {
  it("an administrator makes a role of the workspace; a member holding it gets exactly its permissions", async () => {
    const { account, accessToken } = await adminOf("Roles");
    const created = await graphql<{ createAccountRole: RoleResult }>(
      'mutation { createAccountRole(data: { name: "Reviewer", permissions: [ViewDocuments, ViewTemplates, ViewTemplates] }) { id name global permissions } }',
      { accessToken },
    );
    expect(created.errors).toBeUndefined();
    const role = created.data!.createAccountRole;
    expect(role).toMatchObject({ name: "Reviewer", global: false, permissions: ["ViewDocuments", "ViewTemplates"] });
    expect(await db.accountRole.findUniqueOrThrow({ where: { id: role.id } })).toMatchObject({ accountId: account.id });

    const member = await addMember(account.id, "Guest");
    await db.accountPolicy.updateMany({ where: { accountId: account.id, userId: member.id }, data: { roleId: role.id } });
    expect([...(await signedInAs(member.id, account.id)).ctx.permissions].sort()).toEqual(["ViewDocuments", "ViewTemplates"]);

    const updated = await graphql<{ updateAccountRole: RoleResult }>(
      `mutation { updateAccountRole(id: "${role.id}", data: { permissions: [ViewDocuments] }) { name permissions } }`,
      { accessToken },
    );
    expect(updated.data?.updateAccountRole).toEqual({ name: "Reviewer", permissions: ["ViewDocuments"] });
    // The change applies on the member's next request.
    expect([...(await signedInAs(member.id, account.id)).ctx.permissions]).toEqual(["ViewDocuments"]);

    const upserted = await graphql<{ upsertAccountRole: RoleResult }>(
      `mutation { upsertAccountRole(id: "${role.id}", name: "Readers") { id name } }`,
      { accessToken },
    );
    expect(upserted.data?.upsertAccountRole).toEqual({ id: role.id, name: "Readers" });
    const fresh = await graphql<{ upsertAccountRole: RoleResult }>(
      'mutation { upsertAccountRole(name: "Drafters", permissions: [ManageDocuments]) { id name } }',
      { accessToken },
    );
    expect(fresh.data?.upsertAccountRole.name).toBe("Drafters");
    const events = (await db.audit.findMany({ where: { accountId: account.id, targetType: "accountRole" } })).map((a) => a.eventType);
    expect(events).toEqual(expect.arrayContaining(["accountRole.created", "accountRole.updated"]));
  });

  it("refuses unknown permissions, permissions the caller lacks, taken names, and changes nothing", async () => {
    const { account, accessToken } = await adminOf("RoleRules");
    const before = await db.accountRole.count({ where: { accountId: account.id } });
    const unknown = await graphql('mutation { createAccountRole(data: { name: "Odd", permissions: [FlyPlanes] }) { id } }', {
      accessToken,
    });
    expect(unknown.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "VALIDATION_FAILED" });
    expect(JSON.stringify(unknown.errors)).toContain("FlyPlanes");
    const support = await graphql('mutation { createAccountRole(data: { name: "Helpers", permissions: [ProvideSupport] }) { id } }', {
      accessToken,
    });
    expect(support.errors?.[0].extensions.code).toBe("FORBIDDEN");
    const builtIn = await graphql('mutation { createAccountRole(data: { name: "administrator", permissions: [] }) { id } }', {
      accessToken,
    });
    expect(builtIn.errors?.[0].extensions.code).toBe("CONFLICT");
    await graphql('mutation { createAccountRole(data: { name: "Legal", permissions: [] }) { id } }', { accessToken });
    const twice = await graphql('mutation { createAccountRole(data: { name: "LEGAL", permissions: [] }) { id } }', { accessToken });
    expect(twice.errors?.[0].extensions.code).toBe("CONFLICT");
    const nameless = await graphql("mutation { upsertAccountRole(permissions: []) { id } }", { accessToken });
    expect(nameless.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "VALIDATION_FAILED" });
    expect(await db.accountRole.count({ where: { accountId: account.id } })).toBe(before + 1);
  });

  it("global roles cannot be changed or deleted", async () => {
    const { accessToken } = await adminOf("RoleGlobal");
    const rename = await graphql(`mutation { updateAccountRole(id: "${GLOBAL_ROLE_IDS.Guest}", data: { name: "Visitor" }) { id } }`, {
      accessToken,
    });
    expect(rename.errors?.[0].extensions.code).toBe("FORBIDDEN");
    const upsert = await graphql(`mutation { upsertAccountRole(id: "${GLOBAL_ROLE_IDS.Member}", permissions: [ManageAccount]) { id } }`, {
      accessToken,
    });
    expect(upsert.errors?.[0].extensions.code).toBe("FORBIDDEN");
    const remove = await graphql(`mutation { deleteAccountRole(id: "${GLOBAL_ROLE_IDS.Guest}") }`, { accessToken });
    expect(remove.errors?.[0].extensions.code).toBe("FORBIDDEN");
    expect(await db.accountRole.findUniqueOrThrow({ where: { id: GLOBAL_ROLE_IDS.Guest } })).toMatchObject({ name: "Guest", global: true });
  });

  it("a role someone holds cannot be deleted; an unused one can, alone or in bulk", async () => {
    const { account, accessToken } = await adminOf("RoleDelete");
    const held = await db.accountRole.create({ data: { accountId: account.id, name: "Held", permissions: ["ViewDocuments"] } });
    const spare = await db.accountRole.create({ data: { accountId: account.id, name: "Spare", permissions: [] } });
    const other = await db.accountRole.create({ data: { accountId: account.id, name: "Other", permissions: [] } });
    const member = await addMember(account.id, "Guest");
    await db.accountPolicy.updateMany({ where: { accountId: account.id, userId: member.id }, data: { roleId: held.id } });

    const inUse = await graphql(`mutation { bulkDeleteAccountRoles(ids: ["${spare.id}", "${held.id}"]) }`, { accessToken });
    expect(inUse.errors?.[0].extensions).toMatchObject({ code: "ROLE_IN_USE" });
    expect(inUse.errors?.[0].message).toContain("Held");
    expect(await db.accountRole.count({ where: { id: { in: [held.id, spare.id] } } })).toBe(2);

    const one = await graphql(`mutation { deleteAccountRole(id: "${spare.id}") }`, { accessToken });
    expect(one.data).toEqual({ deleteAccountRole: spare.id });
    const bulk = await graphql(`mutation { bulkDeleteAccountRoles(ids: ["${other.id}"]) }`, { accessToken });
    expect(bulk.data).toEqual({ bulkDeleteAccountRoles: [other.id] });
    expect(await db.accountRole.findMany({ where: { accountId: account.id }, select: { name: true } })).toEqual([{ name: "Held" }]);
  });

  it("the REST routes create, update, upsert and delete roles", async () => {
    const { accessToken } = await adminOf("RoleRest");
    const headers = { authorization: `Bearer ${accessToken}` };
    const req = (method: string, body?: unknown) => jsonRequest(method, "/vapp/accounts/roles", { body, headers, csrf: false });
    const created = await rolesRoute.POST(req("POST", { name: "Paralegal", permissions: ["ViewDocuments", "ManageDocuments"] }));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as RoleResult;
    const patched = await roleRoute.PATCH(req("PATCH", { name: "Paralegals" }), params({ id }));
    expect(await patched.json()).toMatchObject({ id, name: "Paralegals" });
    const upserted = await rolesRoute.PUT(req("PUT", { id, permissions: ["ViewDocuments"] }));
    expect(await upserted.json()).toMatchObject({ id, permissions: ["ViewDocuments"] });
    const bad = await rolesRoute.POST(req("POST", { name: "Bad", permissions: ["Nope"] }));
    expect(bad.status).toBe(400);
    const listed = (await (await rolesRoute.GET(req("GET"))).json()) as RoleResult[];
    expect(listed.map((r) => r.name)).toEqual(["Guest", "Member", "Manager", "Administrator", "SupportTeam", "Paralegals"]);
    expect((await roleRoute.DELETE(req("DELETE"), params({ id }))).status).toBe(200);
    const spare = (await (await rolesRoute.POST(req("POST", { name: "Spare", permissions: [] }))).json()) as RoleResult;
    const bulk = await rolesBulk.POST(jsonRequest("POST", "/x", { body: { ids: [spare.id] }, headers, csrf: false }));
    expect(await bulk.json()).toEqual({ ids: [spare.id] });
  });

  it("a Member cannot manage roles", async () => {
    const { account } = await adminOf("RoleMember");
    const member = await addMember(account.id, "Member");
    const { accessToken } = await signedInAs(member.id, account.id);
    const result = await graphql('mutation { createAccountRole(data: { name: "Mine", permissions: [ViewDocuments] }) { id } }', {
      accessToken,
    });
    expect(result.errors?.[0].extensions.code).toBe("FORBIDDEN");
    expect(await db.accountRole.count({ where: { accountId: account.id } })).toBe(0);
  });
});

describe("account policies: upsert and bulk delete", () => {
  it("upsert changes a role, suspends and restores a member, and invites a new address", async () => {
    const { account, accessToken } = await adminOf("Policies");
    const member = await addMember(account.id, "Member");
    const policy = await db.accountPolicy.findFirstOrThrow({ where: { accountId: account.id, userId: member.id } });
    const changed = await graphql(
      `mutation { upsertAccountPolicy(id: "${policy.id}", roleId: "role_manager") { id role { name } status } }`,
      { accessToken },
    );
    expect(changed.data).toEqual({ upsertAccountPolicy: { id: policy.id, role: { name: "Manager" }, status: "active" } });

    const { email: memberEmail } = await db.user.findUniqueOrThrow({ where: { id: member.id } });
    const suspended = await graphql(`mutation { upsertAccountPolicy(email: "${memberEmail}", status: disabled) { id status } }`, {
      accessToken,
    });
    expect(suspended.data).toEqual({ upsertAccountPolicy: { id: policy.id, status: "disabled" } });
    expect((await signedInAs(member.id, account.id)).ctx.accountId).toBeNull();
    await graphql(`mutation { upsertAccountPolicy(id: "${policy.id}", status: active) { id } }`, { accessToken });
    expect((await signedInAs(member.id, account.id)).ctx.role).toBe("Manager");

    const email = uniqueEmail("upserted");
    const invited = await graphql<{ upsertAccountPolicy: { status: string } }>(
      `mutation { upsertAccountPolicy(email: "${email}", roleId: "role_guest") { status role { name } } }`,
      { accessToken },
    );
    expect(invited.data?.upsertAccountPolicy).toEqual({ status: "invited", role: { name: "Guest" } });
    expect((await latestEmail(email))?.template).toBe("invitation");
    const activate = await graphql(`mutation { upsertAccountPolicy(email: "${email}", status: active) { id } }`, {
      accessToken,
    });
    expect(activate.errors?.[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      reason: "VALIDATION_FAILED",
      message: "Some fields are not valid: status",
    });
    const events = (await db.audit.findMany({ where: { accountId: account.id, targetId: policy.id } })).map((a) => a.eventType);
    expect(events).toEqual(expect.arrayContaining(["accountPolicy.roleChanged", "accountPolicy.disabled", "accountPolicy.enabled"]));
  });

  it("the last administrator can be neither demoted, suspended nor bulk-removed", async () => {
    const { account, owner, accessToken } = await adminOf("PoliciesAdmin");
    const ownerPolicy = await db.accountPolicy.findFirstOrThrow({ where: { accountId: account.id, userId: owner.id } });
    const member = await addMember(account.id, "Member");
    const memberPolicy = await db.accountPolicy.findFirstOrThrow({ where: { accountId: account.id, userId: member.id } });
    for (const data of [`roleId: "role_member"`, `status: disabled`]) {
      const result = await graphql(`mutation { upsertAccountPolicy(id: "${ownerPolicy.id}", ${data}) { id } }`, { accessToken });
      expect(result.errors?.[0].extensions.code).toBe("LAST_ADMINISTRATOR");
    }
    const bulk = await graphql(`mutation { bulkDeleteAccountPolicies(ids: ["${memberPolicy.id}", "${ownerPolicy.id}"]) }`, { accessToken });
    expect(bulk.errors?.[0].extensions.code).toBe("LAST_ADMINISTRATOR");
    // All or nothing: the member is still there too.
    expect(await db.accountPolicy.count({ where: { accountId: account.id } })).toBe(2);
    expect(await db.accountPolicy.findUniqueOrThrow({ where: { id: ownerPolicy.id } })).toMatchObject({
      roleId: GLOBAL_ROLE_IDS.Administrator,
      status: "active",
    });

    const headers = { authorization: `Bearer ${accessToken}` };
    const removed = await policiesBulk.POST(jsonRequest("POST", "/x", { body: { ids: [memberPolicy.id] }, headers, csrf: false }));
    expect(await removed.json()).toEqual({ ids: [memberPolicy.id] });
    const upserted = await policiesRoute.PUT(
      jsonRequest("PUT", "/x", { body: { id: ownerPolicy.id, status: "disabled" }, headers, csrf: false }),
    );
    expect(upserted.status).toBe(409);
    expect(await db.accountPolicy.count({ where: { accountId: account.id } })).toBe(1);
  });
});
