import { db } from "@/lib/db";
import { lockRow } from "@/lib/database/lock-row";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { checkImage } from "@/lib/accounts/brand-images";
import { randomToken } from "@/lib/auth/crypto";
import { requireUser, type ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { storage } from "@/lib/storage/storage";

/** Where a user's picture is stored; kept in the user's metadata, never sent by the client. */
type AvatarFile = { key: string; mime: string };
export const avatarFileOf = (metadata: Prisma.JsonValue) => (metadata as { avatarFile?: AvatarFile } | null)?.avatarFile ?? null;

/**
 * Stores the signed-in user's picture: the checks of the brand images (PNG, JPEG or WebP by its
 * bytes, FILE_TYPE_NOT_ALLOWED otherwise; at most 2 MB, FILE_TOO_LARGE; at most 4096 × 4096
 * pixels, VALIDATION_FAILED). `avatar` then points at
 * `/vapp/users/avatar?v=…` and the previous file is removed. Audited. The user's row is locked
 * while its metadata is read and written: other keys written at the same time are kept, and of
 * two uploads at once the second removes the first's file instead of leaving it named by no row.
 */
export async function uploadUserAvatar(ctx: ServiceContext, data: Uint8Array) {
  requireUser(ctx);
  const type = checkImage(data, undefined, "avatar");
  const version = randomToken(6);
  const key = `users/${ctx.userId}/avatar-${version}.${type.ext}`;
  const url = `/vapp/users/avatar?v=${version}`;
  await storage().put(key, data);
  const previous = await db.$transaction(async (tx) => {
    await lockRow(tx, "User", ctx.userId);
    const user = await tx.user.findUniqueOrThrow({ where: { id: ctx.userId }, select: { metadata: true } });
    const metadata = user.metadata as Record<string, unknown>;
    await tx.user.update({
      where: { id: ctx.userId },
      data: { avatar: url, metadata: { ...metadata, avatarFile: { key, mime: type.mime } } },
    });
    await recordAudit(tx, ctx, {
      eventType: "user.avatarUploaded",
      targetType: "user",
      targetId: ctx.userId,
      payload: { size: data.byteLength, mime: type.mime },
    });
    return avatarFileOf(user.metadata)?.key;
  });
  if (previous && previous !== key) await storage().delete(previous);
  return { avatar: url };
}

/** The signed-in user's own uploaded picture; NOT_FOUND when there is none. */
export async function getUserAvatar(ctx: ServiceContext) {
  requireUser(ctx);
  const user = await db.user.findUniqueOrThrow({ where: { id: ctx.userId }, select: { metadata: true } });
  const file = avatarFileOf(user.metadata);
  const stored = file ? await storage().get(file.key) : null;
  if (!file || !stored) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Image not found." });
  return { ...stored, mime: file.mime };
}
