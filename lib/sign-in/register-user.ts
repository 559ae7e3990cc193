import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { createAccountForOwner } from "@/lib/accounts/create-account";
import { recordAudit } from "@/lib/audit/record-audit";
import { prepareEmailDelivery } from "@/lib/email/send-email";
import { AppError, AppErrorCode, missingParameter } from "@/lib/errors/app-error";
import { matchLocale } from "@/lib/i18n/locales";
import { WITH_FOLLOW_UPS } from "@/lib/jobs/job";
import { sendAuthTokenEmail } from "./auth-token-email";
import { consumeAuthToken, issueAuthToken } from "./auth-tokens";
import type { ServiceContext } from "@/lib/auth/context";
import { hashPassword } from "@/lib/auth/crypto";
import type { SignUpInput } from "./schemas";

type Invitation = { policyId: string; accountId: string; email: string; userId: string };

const INVITATION_ERRORS = {
  TOKEN_INVALID: "This invitation is not valid.",
  TOKEN_USED: "This invitation has already been used.",
  TOKEN_EXPIRED: "This invitation has expired. Ask for a new one.",
} as const;

/** Uses up the invitation token; TOKEN_INVALID, TOKEN_USED or TOKEN_EXPIRED otherwise. */
async function consumeInvitation(tx: Prisma.TransactionClient, token: string): Promise<Invitation> {
  const row = await consumeAuthToken(tx, "invitation", token).catch((error: AppError) => {
    const code = error.code in INVITATION_ERRORS ? (error.code as keyof typeof INVITATION_ERRORS) : "TOKEN_INVALID";
    throw new AppError(AppErrorCode[code], { message: INVITATION_ERRORS[code] });
  });
  const policy = row.policyId
    ? await tx.accountPolicy.findUnique({ where: { id: row.policyId }, include: { account: { select: { active: true } } } })
    : null;
  if (!policy || policy.status !== "invited" || !policy.account.active) {
    throw new AppError(AppErrorCode.TOKEN_INVALID, { message: INVITATION_ERRORS.TOKEN_INVALID });
  }
  return { policyId: policy.id, accountId: policy.accountId, email: row.email, userId: row.userId };
}

/**
 * Registers a user and emails a verification link; signs nobody in (password sign-in waits for a
 * verified address). Throws EMAIL_TAKEN when the address is registered.
 *
 * Without `invitationToken` the user gets their own workspace named `accountName` (required,
 * MISSING_PARAMETER otherwise) and becomes its Administrator. With one (the spec's optional
 * `signed` header on POST /vapp/auth/register) they join the inviting workspace with the invited
 * role instead; registering the invited address itself verifies it (the link proved it), so no
 * verification email is sent. An unknown, used or expired invitation (TOKEN_INVALID, TOKEN_USED,
 * TOKEN_EXPIRED) or an address already in that workspace (ALREADY_MEMBER) creates nothing.
 */
export async function registerUser(ctx: ServiceContext, input: SignUpInput, options: { invitationToken?: string | null } = {}) {
  const invitationToken = options.invitationToken?.trim() || null;
  if (!invitationToken && !input.accountName) throw missingParameter("accountName", "register");
  const existing = await db.user.findUnique({ where: { email: input.email }, select: { id: true, passwordHash: true, deleted: true } });
  // An invitee who never accepted has a user without password: registering claims it.
  const isInvitee = existing && !existing.passwordHash && !existing.deleted;
  if (existing && !isInvitee) {
    throw new AppError(AppErrorCode.EMAIL_TAKEN, { message: "An account with this email already exists." });
  }
  const passwordHash = await hashPassword(input.password);
  const language = input.language ?? matchLocale(ctx.locale) ?? "en";
  await prepareEmailDelivery();
  // The user, their verification link and its email commit together (issue 37).
  const { user, verified, accountId } = await db.$transaction(async (tx) => {
    const invitation = invitationToken ? await consumeInvitation(tx, invitationToken) : null;
    const isInvitedAddress = Boolean(invitation && isInvitee && invitation.userId === existing.id && invitation.email === input.email);
    const data = {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
      language,
      ...(isInvitedAddress ? { emailVerified: new Date() } : {}),
    };
    const user = isInvitee ? await tx.user.update({ where: { id: existing.id }, data }) : await tx.user.create({ data });
    await recordAudit(tx, ctx, {
      userId: user.id,
      accountId: null,
      eventType: "user.registered",
      targetType: "user",
      targetId: user.id,
      payload: { email: user.email, ...(invitation ? { invitation: invitation.policyId } : {}) },
    });
    let accountId: string;
    if (invitation) {
      await joinInvitedAccount(tx, ctx, invitation, user);
      accountId = invitation.accountId;
    } else {
      accountId = (await createAccountForOwner(tx, ctx, { name: input.accountName!, ownerId: user.id })).id;
    }
    if (!isInvitedAddress) {
      const token = await issueAuthToken(tx, { type: "verifyEmail", userId: user.id, email: user.email });
      await sendAuthTokenEmail(ctx, { user, type: "verifyEmail", token }, { tx });
    }
    return { user, verified: isInvitedAddress, accountId };
  }, WITH_FOLLOW_UPS);
  if (!invitationToken) return { id: user.id, email: user.email };
  return { id: user.id, email: user.email, accountId, verified };
}

/**
 * Makes the invited membership the new user's, active. Registering another address than the
 * invited one moves the membership to that user (the invitation link is what grants the seat).
 */
async function joinInvitedAccount(
  tx: Prisma.TransactionClient,
  ctx: ServiceContext,
  invitation: Invitation,
  user: { id: string; email: string },
): Promise<void> {
  if (user.id !== invitation.userId) {
    const already = await tx.accountPolicy.findUnique({
      where: { accountId_userId: { accountId: invitation.accountId, userId: user.id } },
    });
    if (already) {
      throw new AppError(AppErrorCode.ALREADY_MEMBER, {
        message: `${user.email} is already a member of this workspace or invited to it.`,
        params: { email: user.email },
      });
    }
  }
  await tx.accountPolicy.update({
    where: { id: invitation.policyId },
    data: { userId: user.id, status: "active", accessedAt: new Date() },
  });
  await recordAudit(
    tx,
    { ...ctx, userId: user.id },
    {
      accountId: invitation.accountId,
      eventType: "accountPolicy.accepted",
      targetType: "accountPolicy",
      targetId: invitation.policyId,
      toUserId: user.id,
      payload: user.email === invitation.email ? {} : { invitedEmail: invitation.email, email: user.email },
    },
  );
}
