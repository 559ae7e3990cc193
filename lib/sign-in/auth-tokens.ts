import type { AuthTokenType, Prisma } from "@/lib/generated/prisma/client";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { hashToken, randomToken } from "@/lib/auth/crypto";

type Tx = Pick<Prisma.TransactionClient, "authToken">;

/** How long each emailed token lives. */
export const TOKEN_TTL_MINUTES: Record<AuthTokenType, number> = {
  verifyEmail: 24 * 60,
  resetPassword: 60,
  magicLink: 15,
  invitation: 7 * 24 * 60,
};

/** Creates a single-use token and returns it in clear (it is stored hashed). */
export async function issueAuthToken(
  tx: Tx,
  input: { type: AuthTokenType; userId: string; email: string; redirect?: string | null; policyId?: string | null },
): Promise<string> {
  const token = randomToken();
  await tx.authToken.create({
    data: {
      type: input.type,
      userId: input.userId,
      email: input.email,
      tokenHash: hashToken(token),
      redirect: input.redirect ?? null,
      policyId: input.policyId ?? null,
      expiresAt: new Date(Date.now() + TOKEN_TTL_MINUTES[input.type] * 60_000),
    },
  });
  return token;
}

/**
 * Marks a token used and returns its row. Unknown, used and expired tokens each get their own
 * error, so the screen can say what happened. Two concurrent uses: only one wins.
 */
export async function consumeAuthToken(tx: Tx, type: AuthTokenType, token: string) {
  const row = await tx.authToken.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!row || row.type !== type) {
    throw new AppError(AppErrorCode.TOKEN_INVALID, { message: "This link is not valid." });
  }
  if (row.usedAt) throw new AppError(AppErrorCode.TOKEN_USED, { message: "This link has already been used." });
  if (row.expiresAt < new Date()) throw new AppError(AppErrorCode.TOKEN_EXPIRED, { message: "This link has expired." });
  const claimed = await tx.authToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: new Date() } });
  if (claimed.count !== 1) throw new AppError(AppErrorCode.TOKEN_USED, { message: "This link has already been used." });
  return row;
}
