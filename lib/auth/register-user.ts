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
  const existing = await db.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) {
    throw new AppError(AppErrorCode.EMAIL_TAKEN, { message: "An account with this email already exists." });
  }
  const passwordHash = await hashPassword(input.password);
  const language = input.language ?? matchLocale(ctx.locale) ?? "en";
  const { user, token } = await db.$transaction(async (tx) => {
    const user = await tx.user.create({
      data: {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        language,
      },
    });
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
