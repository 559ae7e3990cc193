import { z } from "zod";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { consumeAuthToken } from "@/lib/sign-in/auth-tokens";
import type { ServiceContext } from "@/lib/auth/context";
import { hashPassword, hashToken } from "@/lib/auth/crypto";
import { passwordSchema } from "@/lib/sign-in/schemas";
import { startSession } from "@/lib/auth/session";
import type { IssuedSession } from "@/lib/auth/session-jwt";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { assertRoomFor } from "@/lib/billing/plan-enforcement";

export const acceptInvitationSchema = z
  .object({
    token: z.string().min(1).max(200),
    firstName: z.string().trim().min(1).max(100).optional(),
    lastName: z.string().trim().max(100).optional(),
    password: passwordSchema.optional(),
  })
  .strict();
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;

function tokenError(code: "TOKEN_INVALID" | "TOKEN_USED" | "TOKEN_EXPIRED") {
  const messages = {
    TOKEN_INVALID: "This invitation is not valid.",
    TOKEN_USED: "This invitation has already been used.",
    TOKEN_EXPIRED: "This invitation has expired. Ask for a new one.",
  };
  return new AppError(AppErrorCode[code], { message: messages[code] });
}

/**
 * What the invitation page shows before accepting: the workspace, the role, the address, and
 * whether the invitee still has to create their account. Throws TOKEN_INVALID, TOKEN_USED or
 * TOKEN_EXPIRED without consuming anything.
 */
export async function getInvitation(token: string) {
  const row = await db.authToken.findUnique({
    where: { tokenHash: hashToken(token) },
    include: { user: { select: { passwordHash: true } } },
  });
  if (!row || row.type !== "invitation" || !row.policyId) throw tokenError("TOKEN_INVALID");
  if (row.usedAt) throw tokenError("TOKEN_USED");
  if (row.expiresAt < new Date()) throw tokenError("TOKEN_EXPIRED");
  const policy = await db.accountPolicy.findUnique({
    where: { id: row.policyId },
    include: { account: { select: { name: true } }, role: { select: { name: true } } },
  });
  if (!policy || policy.status !== "invited") throw tokenError("TOKEN_INVALID");
  return {
    email: row.email,
    accountName: policy.account.name,
    role: policy.role.name,
    needsAccount: !row.user.passwordHash,
  };
}

/**
 * Accepts an invitation. A new invitee sets their name and password here (the link proves the
 * address) and is signed in; someone who already has an account must be signed in as the
 * invited address (INVITATION_OTHER_USER otherwise). The membership becomes active and the
 * session moves to the new workspace. Past the workspace's members limit (after a downgrade) it
 * is PLAN_LIMIT_REACHED and the invitation stays usable.
 */
export async function acceptInvitation(
  ctx: ServiceContext,
  input: AcceptInvitationInput,
): Promise<{ accountId: string; session: IssuedSession | null }> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return db.$transaction(async (tx) => {
    const row = await consumeAuthToken(tx, "invitation", input.token).catch((error: AppError) => {
      throw tokenError(error.code as "TOKEN_INVALID");
    });
    const user = await tx.user.findUniqueOrThrow({ where: { id: row.userId } });
    const policy = row.policyId ? await tx.accountPolicy.findUnique({ where: { id: row.policyId } }) : null;
    if (!policy || policy.status !== "invited") throw tokenError("TOKEN_INVALID");

    const isNewAccount = !user.passwordHash;
    if (isNewAccount) {
      if (!passwordHash || !input.firstName) {
        throw new AppError(AppErrorCode.VALIDATION_FAILED, {
          message: "Choose your name and a password to create your account.",
          params: { fields: [!input.firstName && "firstName", !passwordHash && "password"].filter(Boolean).join(", ") },
        });
      }
      await tx.user.update({
        where: { id: user.id },
        data: {
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName ?? "",
          emailVerified: new Date(),
          language: user.language ?? ctx.locale,
        },
      });
    } else if (ctx.userId !== user.id) {
      throw new AppError(AppErrorCode.INVITATION_OTHER_USER, {
        message: `This invitation is for ${user.email}. Sign in with that address to accept it.`,
        params: { email: user.email },
      });
    }

    // The workspace may have moved to a smaller plan since the invitation: its members limit still holds.
    await assertRoomFor(tx, policy.accountId, "members", 1, { countInvited: false });
    await tx.accountPolicy.update({ where: { id: policy.id }, data: { status: "active", accessedAt: new Date() } });
    await recordAudit(
      tx,
      { ...ctx, userId: user.id },
      {
        accountId: policy.accountId,
        eventType: "accountPolicy.accepted",
        targetType: "accountPolicy",
        targetId: policy.id,
        toUserId: user.id,
      },
    );
    if (ctx.userId === user.id && ctx.via === "session" && ctx.viaId) {
      await tx.session.update({ where: { id: ctx.viaId }, data: { accountId: policy.accountId } });
      return { accountId: policy.accountId, session: null };
    }
    const session = await startSession(tx, ctx, { userId: user.id, provider: "invitation", accountId: policy.accountId });
    return { accountId: policy.accountId, session };
  });
}
