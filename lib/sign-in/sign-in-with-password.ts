import { db } from "@/lib/db";
import { demoSeeded } from "@/lib/database/demo-seed";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import type { ServiceContext } from "@/lib/auth/context";
import { hashPassword, verifyPassword } from "@/lib/auth/crypto";
import type { SignInInput } from "./schemas";
import { memberAccountIdBySlug, startSession } from "@/lib/auth/session";
import { clearSignInFailures, delayFor, SIGN_IN_ALL, signInKeys, sleep, takeAttempts } from "@/lib/auth/throttle";

let dummyHash: Promise<string> | undefined;

/**
 * Password sign-in. Counts the attempt before checking the password (lib/auth/throttle.ts: per
 * address, per IP when known, and for all addresses together) and refuses it past a limit with
 * TOO_MANY_ATTEMPTS without looking at the password; the right password clears the address and
 * gives the attempt back to the others. Answers
 * INVALID_CREDENTIALS without saying whether the address exists (same work either way), and
 * EMAIL_NOT_VERIFIED only after the right password. With `slug` (signing in at `/login/:slug`,
 * a workspace sub-domain) the session starts in that workspace when the user is an active member
 * of it; otherwise the slug is ignored and the session starts in the first workspace.
 */
export async function signInWithPassword(ctx: ServiceContext, input: SignInInput) {
  // Right after a fresh start the demo workspace may still be on its way (prepareDatabase).
  await demoSeeded();
  const keys = signInKeys(input.email, ctx.ip);
  const attempt = await takeAttempts(keys);
  const user = await db.user.findUnique({ where: { email: input.email } });
  const valid =
    user && !user.deleted && user.passwordHash
      ? await verifyPassword(user.passwordHash, input.password)
      : await verifyPassword(await (dummyHash ??= hashPassword("not-a-real-password-1A")), input.password).then(() => false);
  if (!user || !valid) {
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
    // Slowed by the address's and the IP's failures; the count of all addresses only refuses.
    const delay = delayFor(Math.max(0, ...attempt.counts.filter((_, i) => keys[i].throttle.prefix !== SIGN_IN_ALL.prefix)));
    if (delay) await sleep(delay);
    throw new AppError(AppErrorCode.INVALID_CREDENTIALS, { message: "The email or password is not correct." });
  }
  // The right password: the address's count goes, the attempt is given back to the others.
  await clearSignInFailures(input.email);
  await attempt.giveBack(keys.slice(1));
  if (!user.emailVerified) {
    throw new AppError(AppErrorCode.EMAIL_NOT_VERIFIED, { message: "Verify your email address before signing in." });
  }
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
