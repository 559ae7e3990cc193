import { z } from "zod";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { assertKeepsAnAdministrator } from "./roles";
import { upsertAccountPolicy } from "./upsert-account-policy";
import { accountScope } from "./scope";
import { idString } from "@/lib/validation/ids";

export const updateMemberRoleSchema = z.object({ id: idString(), roleId: idString() }).strict();
export type UpdateMemberRoleInput = z.infer<typeof updateMemberRoleSchema>;

/**
 * Gives a member another role; it applies from the member's next request. Refuses to demote the
 * last Administrator (LAST_ADMINISTRATOR). Needs ManageMembers.
 */
export async function updateMemberRole(ctx: ServiceContext, input: UpdateMemberRoleInput) {
  return upsertAccountPolicy(ctx, { id: input.id, roleId: input.roleId });
}

type Tx = Prisma.TransactionClient;

/** Takes one membership out of the account (invitation links, sessions in it), audited. */
async function removePolicy(tx: Tx, ctx: ServiceContext, accountId: string, policyId: string) {
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
}

/** Removes a member or withdraws an invitation. Refuses to remove the last Administrator. */
export async function removeMember(ctx: ServiceContext, policyId: string) {
  const { accountId } = accountScope(ctx);
  return db.$transaction((tx) => removePolicy(tx, ctx, accountId, policyId));
}

/**
 * Removes several members or invitations, all or none: an id that is not a membership of the
 * caller's account is NOT_FOUND, and removing every remaining active Administrator is
 * LAST_ADMINISTRATOR (each removal is checked against the ones before it). Returns the ids.
 */
export async function removeMembers(ctx: ServiceContext, ids: string[]) {
  const { accountId } = accountScope(ctx);
  const unique = [...new Set(ids)];
  return db.$transaction(async (tx) => {
    for (const id of unique) await removePolicy(tx, ctx, accountId, id);
    return unique;
  });
}
