import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { GLOBAL_ROLE_IDS } from "@/lib/accounts/create-account";
import { findAccountRolesWithUsage } from "@/lib/accounts/find-account-roles-with-usage";
import { addMember, createAccount, signedInAs } from "@/tests/factories";

describe("findAccountRolesWithUsage (the workspace Roles screen)", () => {
  it("lists the global roles, then the account's own, each with the memberships holding it (invited and disabled included)", async () => {
    const { account, owner } = await createAccount("RoleUsage");
    const { ctx } = await signedInAs(owner.id, account.id);
    const paralegal = await db.accountRole.create({ data: { accountId: account.id, name: "Paralegal", permissions: ["ViewDocuments"] } });
    const spare = await db.accountRole.create({ data: { accountId: account.id, name: "Spare", permissions: [] } });
    const active = await addMember(account.id, "Guest");
    const invited = await addMember(account.id, "Guest");
    const disabled = await addMember(account.id, "Member");
    await db.accountPolicy.updateMany({
      where: { accountId: account.id, userId: { in: [active.id, invited.id] } },
      data: { roleId: paralegal.id },
    });
    await db.accountPolicy.updateMany({ where: { accountId: account.id, userId: invited.id }, data: { status: "invited" } });
    await db.accountPolicy.updateMany({ where: { accountId: account.id, userId: disabled.id }, data: { status: "disabled" } });

    const roles = await findAccountRolesWithUsage(ctx);
    expect(roles.map(({ name, global, members }) => ({ name, global, members }))).toEqual([
      { name: "Guest", global: true, members: 0 },
      { name: "Member", global: true, members: 1 },
      { name: "Manager", global: true, members: 0 },
      { name: "Administrator", global: true, members: 1 },
      { name: "SupportTeam", global: true, members: 0 },
      { name: "Paralegal", global: false, members: 2 },
      { name: "Spare", global: false, members: 0 },
    ]);
    // Global roles carry the permissions of lib/auth/permissions.ts, the account's own their row's.
    expect(roles.find((role) => role.id === GLOBAL_ROLE_IDS.Guest)?.permissions).toEqual(["ViewDocuments"]);
    expect(roles.find((role) => role.id === spare.id)?.permissions).toEqual([]);
  });

  it("never shows another account's roles or counts its members", async () => {
    const a = await createAccount("RoleUsageA");
    const b = await createAccount("RoleUsageB");
    await db.accountRole.create({ data: { accountId: b.account.id, name: "Hidden", permissions: ["ViewDocuments"] } });
    await addMember(b.account.id, "Guest");
    await addMember(b.account.id, "Guest");
    const { ctx } = await signedInAs(a.owner.id, a.account.id);

    const roles = await findAccountRolesWithUsage(ctx);
    expect(roles.map((role) => role.name)).not.toContain("Hidden");
    expect(roles.find((role) => role.id === GLOBAL_ROLE_IDS.Guest)?.members).toBe(0);
    expect(roles.find((role) => role.id === GLOBAL_ROLE_IDS.Administrator)?.members).toBe(1);
  });
});
