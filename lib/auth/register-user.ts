import { db } from "@/lib/db";
import { createAccountForOwner } from "@/lib/accounts/create-account";
import { recordAudit } from "@/lib/audit/record-audit";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { matchLocale } from "@/lib/i18n/locales";
import { sendAuthTokenEmail } from "./auth-token-email";
import { issueAuthToken } from "./auth-tokens";
import type { ServiceContext } from "./context";
import { hashPassword } from "./crypto";
import type { SignUpInput } from "./schemas";

/**
 * Registers a user with their own workspace (they become its Administrator) and emails a
 * verification link. Throws EMAIL_TAKEN when the address is registered. Signs nobody in:
 * password sign-in waits for the verified address.
 */
export async function registerUser(ctx: ServiceContext, input: SignUpInput) {
  const existing = await db.user.findUnique({ where: { email: input.email }, select: { id: true, passwordHash: true, deleted: true } });
  // An invitee who never accepted has a user without password: registering claims it.
  const isInvitee = existing && !existing.passwordHash && !existing.deleted;
  if (existing && !isInvitee) {
    throw new AppError(AppErrorCode.EMAIL_TAKEN, { message: "An account with this email already exists." });
  }
  const passwordHash = await hashPassword(input.password);
  const language = input.language ?? matchLocale(ctx.locale) ?? "en";
  const { user, token } = await db.$transaction(async (tx) => {
    const data = { email: input.email, firstName: input.firstName, lastName: input.lastName, passwordHash, language };
    const user = isInvitee
      ? await tx.user.update({ where: { id: existing.id }, data })
      : await tx.user.create({ data });
    await recordAudit(tx, ctx, {
      userId: user.id,
      accountId: null,
      eventType: "user.registered",
      targetType: "user",
      targetId: user.id,
      payload: { email: user.email },
    });
    await createAccountForOwner(tx, ctx, { name: input.accountName, ownerId: user.id });
    const token = await issueAuthToken(tx, { type: "verifyEmail", userId: user.id, email: user.email });
    return { user, token };
  });
  await sendAuthTokenEmail(ctx, { user, type: "verifyEmail", token });
  return { id: user.id, email: user.email };
}
