import { z } from "zod";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { hashToken, randomToken } from "@/lib/auth/crypto";
import { assertCan } from "@/lib/auth/permissions";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { accountScope } from "./scope";

export const createAccountTokenSchema = z.object({ name: z.string().trim().min(1).max(100) }).strict();
export type CreateAccountTokenInput = z.infer<typeof createAccountTokenSchema>;

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
  assertCan(ctx, "ManageTokens");
  return db.accountToken.findMany({ where: scope, orderBy: { createdAt: "desc" }, select: PUBLIC_FIELDS, take: 100 });
}

/** Creates an API token acting as the caller; the key is returned this once and stored hashed. */
export async function createAccountToken(ctx: ServiceContext, input: CreateAccountTokenInput) {
  const scope = accountScope(ctx);
  assertCan(ctx, "ManageTokens");
  const key = `cvt_${randomToken(24)}`;
  return db.$transaction(async (tx) => {
    const token = await tx.accountToken.create({
      data: { ...scope, userId: ctx.userId!, name: input.name, keyHash: hashToken(key), keyPrefix: key.slice(0, 8) },
      select: PUBLIC_FIELDS,
    });
    await recordAudit(tx, ctx, { eventType: "accountToken.created", targetType: "accountToken", targetId: token.id, payload: { name: input.name } });
    return { ...token, key };
  });
}

/** Revokes a token of the caller's account. Throws NOT_FOUND for any other account's token. */
export async function revokeAccountToken(ctx: ServiceContext, id: string) {
  const scope = accountScope(ctx);
  assertCan(ctx, "ManageTokens");
  return db.$transaction(async (tx) => {
    const revoked = await tx.accountToken.updateMany({ where: { ...scope, id }, data: { active: false } });
    if (revoked.count !== 1) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Token not found." });
    await recordAudit(tx, ctx, { eventType: "accountToken.revoked", targetType: "accountToken", targetId: id });
    return tx.accountToken.findUniqueOrThrow({ where: { id }, select: PUBLIC_FIELDS });
  });
}
