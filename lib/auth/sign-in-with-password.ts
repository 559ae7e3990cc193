import { db } from "@/lib/db";
import { demoSeeded } from "@/lib/database/demo-seed";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import type { ServiceContext } from "./context";
import { hashPassword, verifyPassword } from "./crypto";
import type { SignInInput } from "./schemas";
import { memberAccountIdBySlug, startSession } from "./session";
import { assertNotThrottled, clearSignInFailures, recordSignInFailure, sleep } from "./throttle";

let dummyHash: Promise<string> | undefined;

/**
 * Password sign-in. Refuses locked addresses and IPs (TOO_MANY_ATTEMPTS), answers
 * INVALID_CREDENTIALS without saying whether the address exists (same work either way), and
 * EMAIL_NOT_VERIFIED only after the right password. With `slug` (signing in at `/login/:slug`,
 * a workspace sub-domain) the session starts in that workspace when the user is an active member
 * of it; otherwise the slug is ignored and the session starts in the first workspace.
 */
export async function signInWithPassword(ctx: ServiceContext, input: SignInInput) {
  const keys = { email: input.email, ip: ctx.ip };
  // Right after a fresh start the demo workspace may still be on its way (prepareDatabase).
  await demoSeeded();
  await assertNotThrottled(keys);
  const user = await db.user.findUnique({ where: { email: input.email } });
  const valid =
    user && !user.deleted && user.passwordHash
      ? await verifyPassword(user.passwordHash, input.password)
      : await verifyPassword(await (dummyHash ??= hashPassword("not-a-real-password-1A")), input.password).then(() => false);
  if (!user || !valid) {
    const delay = await recordSignInFailure(keys);
    await db.audit.create({
      data: {
        userId: user?.id ?? null,
        eventType: "user.signInFailed",
        targetType: "user",
        targetId: user?.id ?? null,
        payload: { email: input.email },
        via: ctx.via,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
      },
    });
    if (delay) await sleep(delay);
    throw new AppError(AppErrorCode.INVALID_CREDENTIALS, { message: "The email or password is not correct." });
  }
  if (!user.emailVerified) {
    throw new AppError(AppErrorCode.EMAIL_NOT_VERIFIED, { message: "Verify your email address before signing in." });
  }
  await clearSignInFailures(input.email);
  const slugAccountId = await memberAccountIdBySlug(user.id, input.slug);
  return db.$transaction(async (tx) => {
    const session = await startSession(tx, ctx, {
      userId: user.id,
      provider: "local",
      ...(slugAccountId ? { accountId: slugAccountId } : {}),
      ...(input.slug ? { payload: { slug: input.slug } } : {}),
    });
    return { session, user: { id: user.id, email: user.email, language: user.language, tos: user.tos } };
  });
}
