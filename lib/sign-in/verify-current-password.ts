import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { verifyPassword } from "@/lib/auth/crypto";
import { clearAttempts, takeAttempts, type Throttle } from "@/lib/auth/throttle";

/**
 * A signed-in user's current password, asked again before changing the password or the address:
 * 5 wrong ones in 15 minutes lock it for 15 minutes, so a session or API key in the wrong hands
 * is no password oracle. Counted per user, apart from sign-in's count of the address, so failed
 * sign-ins by someone else do not stop the owner here.
 */
export const CURRENT_PASSWORD: Throttle = { prefix: "current-password", limit: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

/**
 * Checks `password` against the user's hash, counting the attempt first (lib/auth/throttle.ts):
 * TOO_MANY_ATTEMPTS past the limit, WRONG_PASSWORD when it does not match (or the user has no
 * password); the right one clears the count.
 */
export async function verifyCurrentPassword(
  user: { id: string; passwordHash: string | null },
  password: string | undefined,
): Promise<void> {
  const key = { throttle: CURRENT_PASSWORD, id: user.id };
  await takeAttempts([key]);
  if (!user.passwordHash || !password || !(await verifyPassword(user.passwordHash, password))) {
    throw new AppError(AppErrorCode.WRONG_PASSWORD, { message: "The current password is not correct." });
  }
  await clearAttempts([key]);
}
