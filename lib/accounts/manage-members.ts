import { z } from "zod";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan } from "@/lib/auth/permissions";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { assertKeepsAnAdministrator, getAssignableRole } from "./roles";
import { accountScope } from "./scope";

export const updateMemberRoleSchema = z.object({ id: z.string().min(1).max(64), roleId: z.string().min(1).max(64) }).strict();
export type UpdateMemberRoleInput = z.infer<typeof updateMemberRoleSchema>;

/**
 * Gives a member another role; it applies from the member's next request. Refuses to demote the
 * last Administrator (LAST_ADMINISTRATOR). Needs ManageMembers.
 */
export async function updateMemberRole(ctx: ServiceContext, input: UpdateMemberRoleInput) {
  const { accountId } = accountScope(ctx);
  assertCan(ctx, "ManageMembers");
  return db.$transaction(async (tx) => {
    const policy = await tx.accountPolicy.findFirst({ where: { id: input.id, accountId }, include: { role: true } });
    if (!policy) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Member not found." });
    const role = await getAssignableRole(tx, accountId, input.roleId);
    if (role.id !== policy.roleId) await assertKeepsAnAdministrator(tx, accountId, policy.id);
    const updated = await tx.accountPolicy.update({ where: { id: policy.id }, data: { roleId: role.id } });
    await recordAudit(tx, ctx, {
      eventType: "accountPolicy.roleChanged",
      targetType: "accountPolicy",
      targetId: policy.id,
      toUserId: policy.userId,
      payload: { from: policy.role.name, to: role.name },
    });
    return updated;
  });
}

/** Removes a member or withdraws an invitation. Refuses to remove the last Administrator. */
export async function removeMember(ctx: ServiceContext, policyId: string) {
  const { accountId } = accountScope(ctx);
  assertCan(ctx, "ManageMembers");
  return db.$transaction(async (tx) => {
    const policy = await tx.accountPolicy.findFirst({ where: { id: policyId, accountId }, include: { user: { select: { email: true } } } });
    if (!policy) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Member not found." });
    await assertKeepsAnAdministrator(tx, accountId, policy.id);
    await tx.authToken.updateMany({ where: { policyId, usedAt: null }, data: { usedAt: new Date() } });
    await tx.session.updateMany({ where: { userId: policy.userId, accountId }, data: { accountId: null } });
    await tx.accountPolicy.delete({ where: { id: policy.id } });
    await recordAudit(tx, ctx, {
      eventType: "accountPolicy.removed",
      targetType: "accountPolicy",
      targetId: policy.id,
      toUserId: policy.userId,
      payload: { email: policy.user.email, status: policy.status },
    });
    return policy;
  });
}
