import { z } from "zod";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { sendAuthTokenEmail } from "@/lib/sign-in/auth-token-email";
import { issueAuthToken } from "@/lib/sign-in/auth-tokens";
import { emailSchema } from "@/lib/sign-in/schemas";
import type { ServiceContext } from "@/lib/auth/context";
import { prepareEmailDelivery } from "@/lib/email/send-email";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { WITH_FOLLOW_UPS } from "@/lib/jobs/job";
import { getAssignableRole } from "./roles";
import { accountScope } from "./scope";
import { idString } from "@/lib/validation/ids";

export const inviteMembersSchema = z
  .object({
    emails: z.array(emailSchema).min(1).max(20),
    roleId: idString(),
  })
  .strict();
export type InviteMembersInput = z.infer<typeof inviteMembersSchema>;

/**
 * Invites people by email with a role: each gets an `invited` membership (a user record is made
 * for addresses not yet registered) and an email with `/invite?token=` valid 7 days.
 * All or nothing: an unknown role (NOT_FOUND) or an address that already belongs to a member or
 * an invitee (ALREADY_MEMBER) changes nothing. Each invitation's email is written in the same
 * transaction as its membership and token (issue 37). Needs ManageMembers.
 */
export async function inviteMembers(ctx: ServiceContext, input: InviteMembersInput) {
  const { accountId } = accountScope(ctx);
  const emails = [...new Set(input.emails)];
  await prepareEmailDelivery();
  return db.$transaction(async (tx) => {
    const role = await getAssignableRole(tx, accountId, input.roleId);
    const account = await tx.account.findUniqueOrThrow({ where: { id: accountId }, select: { name: true } });
    const inviter = await tx.user.findUniqueOrThrow({
      where: { id: ctx.userId! },
      select: { firstName: true, lastName: true, email: true },
    });
    const inviterName = [inviter.firstName, inviter.lastName].filter(Boolean).join(" ") || inviter.email;
    const policies = [];
    for (const email of emails) {
      const existing = await tx.user.findUnique({ where: { email }, include: { policies: { where: { accountId } } } });
      if (existing?.deleted)
        throw new AppError(AppErrorCode.VALIDATION_FAILED, { message: `${email} cannot be invited.`, params: { fields: email } });
      if (existing?.policies.length) {
        throw new AppError(AppErrorCode.ALREADY_MEMBER, {
          message: `${email} is already a member of this workspace or invited to it.`,
          params: { email },
        });
      }
      const user = existing ?? (await tx.user.create({ data: { email, language: ctx.locale } }));
      const policy = await tx.accountPolicy.create({
        data: { accountId, userId: user.id, roleId: role.id, status: "invited", metadata: { invitedBy: ctx.userId } },
      });
      const token = await issueAuthToken(tx, { type: "invitation", userId: user.id, email, policyId: policy.id });
      await recordAudit(tx, ctx, {
        eventType: "accountPolicy.invited",
        targetType: "accountPolicy",
        targetId: policy.id,
        toUserId: user.id,
        payload: { email, role: role.name },
      });
      await sendAuthTokenEmail(ctx, { user, type: "invitation", token, params: { account: account.name, inviter: inviterName } }, { tx });
      policies.push(policy);
    }
    return policies;
  }, WITH_FOLLOW_UPS);
}

/** Sends a pending invitation again with a new link, written with its email; earlier links stop working. */
export async function resendInvitation(ctx: ServiceContext, policyId: string) {
  const { accountId } = accountScope(ctx);
  await prepareEmailDelivery();
  return db.$transaction(async (tx) => {
    const policy = await tx.accountPolicy.findFirst({
      where: { id: policyId, accountId, status: "invited" },
      include: { user: { select: { id: true, email: true, firstName: true, language: true } } },
    });
    if (!policy) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Invitation not found." });
    await tx.authToken.updateMany({ where: { policyId, usedAt: null }, data: { usedAt: new Date() } });
    const token = await issueAuthToken(tx, { type: "invitation", userId: policy.userId, email: policy.user.email, policyId });
    await recordAudit(tx, ctx, {
      eventType: "accountPolicy.invitationResent",
      targetType: "accountPolicy",
      targetId: policyId,
      toUserId: policy.userId,
    });
    const account = await tx.account.findUniqueOrThrow({ where: { id: accountId }, select: { name: true } });
    const inviter = await tx.user.findUniqueOrThrow({ where: { id: ctx.userId! }, select: { firstName: true, email: true } });
    const { user, ...membership } = policy;
    const params = { account: account.name, inviter: inviter.firstName || inviter.email };
    await sendAuthTokenEmail(ctx, { user, type: "invitation", token, params }, { tx });
    return membership;
  }, WITH_FOLLOW_UPS);
}
