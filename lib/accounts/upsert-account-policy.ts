import { z } from "zod";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { emailSchema } from "@/lib/sign-in/schemas";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { assertWithinLimit } from "@/lib/billing/plan-enforcement";
import { inviteMembers } from "./invite-members";
import { assertKeepsAnAdministrator, getAssignableRole } from "./roles";
import { accountScope } from "./scope";
import { idString } from "@/lib/validation/ids";

export const upsertAccountPolicySchema = z
  .object({
    id: idString().optional(),
    email: emailSchema.optional(),
    roleId: idString().optional(),
    /** Suspends (disabled) or restores (active) a member; an invitation becomes active only by accepting it. */
    status: z.enum(["active", "disabled"]).optional(),
  })
  .strict()
  .refine((input) => input.id || input.email, { message: "Give the membership id or the person's email.", path: ["id"] });
export type UpsertAccountPolicyInput = z.input<typeof upsertAccountPolicySchema>;

/**
 * Creates or changes a membership of the caller's account. With `id` (or the email of someone
 * already in the workspace) it changes the role and/or suspends or restores the member; the last
 * active Administrator can be neither demoted nor suspended (LAST_ADMINISTRATOR). With the email
 * of someone not in the workspace it invites them (the rules of inviteMembers). Inviting or
 * restoring someone past the plan's members limit is PLAN_LIMIT_REACHED. Needs
 * ManageMembers; audited. An id of another account is NOT_FOUND.
 */
export async function upsertAccountPolicy(ctx: ServiceContext, input: z.infer<typeof upsertAccountPolicySchema>) {
  const { accountId } = accountScope(ctx);
  const existing = input.id
    ? await db.accountPolicy.findFirst({ where: { id: input.id, accountId }, select: { id: true, status: true } })
    : await db.accountPolicy.findFirst({ where: { accountId, user: { email: input.email } }, select: { id: true, status: true } });
  if (input.id && !existing) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Member not found." });
  if (!existing) {
    if (input.status)
      throw new AppError(AppErrorCode.VALIDATION_FAILED, {
        message: "An invitation becomes active when it is accepted.",
        params: { fields: "status" },
      });
    if (!input.roleId)
      throw new AppError(AppErrorCode.VALIDATION_FAILED, { message: "A new member needs a role.", params: { fields: "roleId" } });
    await assertWithinLimit(ctx, "members", 1);
    const [invited] = await inviteMembers(ctx, { emails: [input.email!], roleId: input.roleId! });
    return invited;
  }
  // Restoring a suspended member counts against the plan's members limit as an invitation does.
  if (existing.status === "disabled" && input.status === "active") await assertWithinLimit(ctx, "members", 1);
  return db.$transaction(async (tx) => {
    const policy = await tx.accountPolicy.findFirst({ where: { id: existing.id, accountId }, include: { role: true } });
    if (!policy) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Member not found." });
    const role = input.roleId ? await getAssignableRole(tx, accountId, input.roleId) : policy.role;
    const status = input.status ?? policy.status;
    if (policy.status === "invited" && input.status) {
      throw new AppError(AppErrorCode.VALIDATION_FAILED, {
        message: "An invitation becomes active when it is accepted.",
        params: { fields: "status" },
      });
    }
    if (role.id !== policy.roleId || status !== policy.status) await assertKeepsAnAdministrator(tx, accountId, policy.id);
    const updated = await tx.accountPolicy.update({ where: { id: policy.id }, data: { roleId: role.id, status } });
    if (role.id !== policy.roleId) {
      await recordAudit(tx, ctx, {
        eventType: "accountPolicy.roleChanged",
        targetType: "accountPolicy",
        targetId: policy.id,
        toUserId: policy.userId,
        payload: { from: policy.role.name, to: role.name },
      });
    }
    if (status !== policy.status) {
      // A suspended member's sessions leave the workspace at once, as a removed member's do.
      if (status === "disabled") await tx.session.updateMany({ where: { userId: policy.userId, accountId }, data: { accountId: null } });
      await recordAudit(tx, ctx, {
        eventType: status === "disabled" ? "accountPolicy.disabled" : "accountPolicy.enabled",
        targetType: "accountPolicy",
        targetId: policy.id,
        toUserId: policy.userId,
      });
    }
    return updated;
  });
}
