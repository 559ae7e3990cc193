import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { acceptInvitation } from "@/lib/accounts/accept-invitation";
import { GLOBAL_ROLE_IDS } from "@/lib/accounts/create-account";
import { createMember, sendInvitations, upsertMember } from "@/lib/accounts/member-operations";
import { anonymousContext, type ServiceContext } from "@/lib/auth/context";
import { applyPlan } from "@/lib/billing/apply-plan";
import { runOperation } from "@/lib/operations/operation";
import { createAccount, latestEmail, signedInAs, tokenFromEmail, uniqueEmail } from "@/tests/factories";

/**
 * The plan's members limit (docs/billing.md, "Enforcement"): the invitation declarations name it,
 * so inviting past it is PLAN_LIMIT_REACHED; active members and pending invitations count, a
 * suspended member does not; accepting an invitation after a downgrade is refused while the
 * workspace is over the limit; a downgrade removes nobody.
 */
let admin: ServiceContext;
let accountId: string;

const moveTo = (slug: "free" | "standard") =>
  db.$transaction((tx) => applyPlan(tx, accountId, { slug, interval: "month", periodStart: null }));
const members = () => db.accountPolicy.count({ where: { accountId, status: "active" } });
const tokenFor = async (email: string) => tokenFromEmail((await latestEmail(email))!.text);
const accept = (token: string) => acceptInvitation(anonymousContext(), { token, firstName: "Joiner", password: "Joined-pass1" });

beforeAll(async () => {
  const { account, owner } = await createAccount("Members limit");
  accountId = account.id;
  admin = (await signedInAs(owner.id, account.id)).ctx;
});

describe("the members limit", () => {
  const emails = Array.from({ length: 6 }, (_, i) => uniqueEmail(`limit-${i}`));

  it("lets the free plan invite up to its 3 members, counting pending invitations, and refuses more", async () => {
    expect((await db.account.findUniqueOrThrow({ where: { id: accountId } })).limits).toMatchObject({ members: 3 });
    await runOperation(sendInvitations, admin, { emails: [emails[0], emails[1]], roleId: GLOBAL_ROLE_IDS.Member });
    const refused = await runOperation(sendInvitations, admin, { emails: [emails[2]], roleId: GLOBAL_ROLE_IDS.Member }).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ code: "PLAN_LIMIT_REACHED", details: { limit: "members", max: 3, used: 3, plan: "free" } });
    await expect(runOperation(createMember, admin, { email: emails[2], roleId: GLOBAL_ROLE_IDS.Member })).rejects.toMatchObject({
      code: "PLAN_LIMIT_REACHED",
    });
    await expect(runOperation(upsertMember, admin, { email: emails[2], roleId: GLOBAL_ROLE_IDS.Member })).rejects.toMatchObject({
      code: "PLAN_LIMIT_REACHED",
    });
    // Nothing was stored for the refused address.
    expect(await db.accountPolicy.count({ where: { accountId, user: { email: emails[2] } } })).toBe(0);
    // Changing an existing member's role adds nobody: allowed at the limit.
    await expect(runOperation(upsertMember, admin, { email: emails[0], roleId: GLOBAL_ROLE_IDS.Guest })).resolves.toMatchObject({
      roleId: GLOBAL_ROLE_IDS.Guest,
    });
  });

  it("counts a suspended member out, and refuses restoring one past the limit", async () => {
    await accept(await tokenFor(emails[0]));
    const policy = await db.accountPolicy.findFirstOrThrow({ where: { accountId, user: { email: emails[0] } } });
    await runOperation(upsertMember, admin, { id: policy.id, status: "disabled" });
    await runOperation(sendInvitations, admin, { emails: [emails[2]], roleId: GLOBAL_ROLE_IDS.Member });
    await expect(runOperation(upsertMember, admin, { id: policy.id, status: "active" })).rejects.toMatchObject({
      code: "PLAN_LIMIT_REACHED",
    });
    expect((await db.accountPolicy.findUniqueOrThrow({ where: { id: policy.id } })).status).toBe("disabled");
  });

  it("after a downgrade keeps every member, refuses new ones, and an invitation waits until there is room", async () => {
    await moveTo("standard");
    await runOperation(sendInvitations, admin, { emails: [emails[3], emails[4]], roleId: GLOBAL_ROLE_IDS.Member });
    await accept(await tokenFor(emails[1]));
    await accept(await tokenFor(emails[2]));
    expect(await members()).toBe(3);

    await moveTo("free");
    expect(await members()).toBe(3);
    await expect(runOperation(sendInvitations, admin, { emails: [emails[5]], roleId: GLOBAL_ROLE_IDS.Member })).rejects.toMatchObject({
      code: "PLAN_LIMIT_REACHED",
    });
    const token = await tokenFor(emails[3]);
    await expect(accept(token)).rejects.toMatchObject({ code: "PLAN_LIMIT_REACHED", details: { limit: "members" } });
    // Refused whole: the invitation is still pending and its link still works once there is room.
    expect(await db.accountPolicy.count({ where: { accountId, status: "invited" } })).toBe(2);
    expect(await members()).toBe(3);
    await moveTo("standard");
    await expect(accept(token)).resolves.toMatchObject({ accountId });
    expect(await members()).toBe(4);
  });

  it("is not checked when plan capabilities are off", async () => {
    await moveTo("free");
    process.env.ACCOUNT_CAPABILITIES = "false";
    try {
      await expect(runOperation(sendInvitations, admin, { emails: [emails[5]], roleId: GLOBAL_ROLE_IDS.Member })).resolves.toHaveLength(1);
    } finally {
      delete process.env.ACCOUNT_CAPABILITIES;
    }
  });
});
