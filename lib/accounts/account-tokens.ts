import { z } from "zod";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { hashToken, randomToken } from "@/lib/auth/crypto";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { accountScope } from "./scope";
import { idString } from "@/lib/validation/ids";
import { LIMITS } from "@/lib/validation/limits";

export const createAccountTokenSchema = z.object({ name: z.string().trim().min(1).max(LIMITS.name) }).strict();
export type CreateAccountTokenInput = z.infer<typeof createAccountTokenSchema>;
/** bulkDeleteTokens: a workspace lists at most 100 tokens. */
export const accountTokenIdsSchema = z.object({ ids: z.array(idString()).min(1).max(100) }).strict();

const PUBLIC_FIELDS = {
  id: true,
  name: true,
  active: true,
  keyPrefix: true,
  metadata: true,
  used: true,
  usedAt: true,
  createdAt: true,
  userId: true,
} as const;

/** The account's API tokens (never their keys). Needs ManageTokens. */
export async function findAccountTokens(ctx: ServiceContext) {
  const scope = accountScope(ctx);
  return db.accountToken.findMany({ where: scope, orderBy: { createdAt: "desc" }, select: PUBLIC_FIELDS, take: 100 });
}

/** Creates an API token acting as the caller; the key is returned this once and stored hashed. */
export async function createAccountToken(ctx: ServiceContext, input: CreateAccountTokenInput) {
  const scope = accountScope(ctx);
  const key = `cvt_${randomToken(24)}`;
  return db.$transaction(async (tx) => {
    const token = await tx.accountToken.create({
      data: { ...scope, userId: ctx.userId!, name: input.name, keyHash: hashToken(key), keyPrefix: key.slice(0, 8) },
      select: PUBLIC_FIELDS,
    });
    await recordAudit(tx, ctx, {
      eventType: "accountToken.created",
      targetType: "accountToken",
      targetId: token.id,
      payload: { name: input.name },
    });
    return { ...token, key };
  });
}

/** Revokes a token of the caller's account. Throws NOT_FOUND for any other account's token. */
export async function revokeAccountToken(ctx: ServiceContext, id: string) {
  const [revoked] = await revokeAccountTokens(ctx, [id]);
  return revoked;
}

/**
 * Revokes several tokens of the caller's account, all or none: NOT_FOUND when any id is another
 * account's or unknown (nothing is revoked then). Needs ManageTokens; one audit row per token.
 * A token already revoked stays so (audited again), as for one. Returns the tokens, in the order asked.
 */
export async function revokeAccountTokens(ctx: ServiceContext, ids: string[]) {
  const scope = accountScope(ctx);
  const unique = [...new Set(ids)];
  return db.$transaction(async (tx) => {
    const revoked = await tx.accountToken.updateMany({ where: { ...scope, id: { in: unique } }, data: { active: false } });
    if (revoked.count !== unique.length) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Token not found." });
    for (const id of unique) await recordAudit(tx, ctx, { eventType: "accountToken.revoked", targetType: "accountToken", targetId: id });
    const tokens = await tx.accountToken.findMany({ where: { ...scope, id: { in: unique } }, select: PUBLIC_FIELDS });
    return unique.map((id) => tokens.find((token) => token.id === id)!);
  });
}
