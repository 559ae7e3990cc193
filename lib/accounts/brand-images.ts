import { db } from "@/lib/db";
import { lockRow } from "@/lib/database/lock-row";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { randomToken } from "@/lib/auth/crypto";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { checkImagePixels, type PixelBounds } from "@/lib/files/check-image-pixels";
import { detectType, IMAGE_TYPES } from "@/lib/files/detect-type";
import { storage } from "@/lib/storage/storage";
import { accountScope } from "./scope";

export const BRAND_IMAGE_KINDS = ["avatar", "logo", "altLogo"] as const;
export type BrandImageKind = (typeof BRAND_IMAGE_KINDS)[number];
export const BRAND_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/**
 * The most pixels of a brand image or a user's picture: every screen that shows one decodes it
 * (a 2 MB PNG may hold 30,000 × 30,000 pixels, 3.6 GB decoded). A phone's 12-megapixel photo fits.
 */
export const BRAND_IMAGE_MAX_PIXELS: PixelBounds = { width: 4096, height: 4096 };

type BrandFiles = Partial<Record<BrandImageKind, { key: string; mime: string }>>;
const brandFilesOf = (metadata: Prisma.JsonValue) => ((metadata as { brandFiles?: BrandFiles } | null)?.brandFiles ?? {}) as BrandFiles;

export function tooLarge(max: number) {
  return new AppError(AppErrorCode.FILE_TOO_LARGE, {
    message: "The file size exceeds the maximum allowed.",
    params: { max: `${max / 1024 / 1024} MB` },
  });
}

/**
 * The type of an uploaded picture (brand images, user avatars): PNG, JPEG or WebP by its bytes,
 * never SVG (FILE_TYPE_NOT_ALLOWED), at most `max` bytes (FILE_TOO_LARGE) and
 * BRAND_IMAGE_MAX_PIXELS by its header (VALIDATION_FAILED, `imagePixels`, at `file`); a header
 * that gives no size is FILE_CORRUPT.
 */
export function checkImage(data: Uint8Array, max = BRAND_IMAGE_MAX_BYTES, kind: "avatar" | "logo" = "logo") {
  if (data.byteLength > max) throw tooLarge(max);
  const type = detectType(data);
  if (!type || !(IMAGE_TYPES as readonly string[]).includes(type.mime)) {
    throw new AppError(AppErrorCode.FILE_TYPE_NOT_ALLOWED, { message: "This file type is not allowed." });
  }
  if (!checkImagePixels(data, BRAND_IMAGE_MAX_PIXELS, kind, "file")) {
    const name = type.ext === "jpg" ? "JPEG" : type.ext.toUpperCase();
    throw new AppError(AppErrorCode.FILE_CORRUPT, {
      message: `The file is damaged or is not a valid ${name} file.`,
      params: { kind: name },
    });
  }
  return type;
}

/**
 * Stores the workspace's avatar, logo or alternative logo. The content must be a PNG, JPEG or
 * WebP image by its bytes (FILE_TYPE_NOT_ALLOWED otherwise, SVG included) and at most 2 MB
 * (FILE_TOO_LARGE). The brand then points at `/vapp/accounts/brand/<kind>`; the previous file is
 * removed. Needs ManageAccount. The account's row is locked while brand and metadata are read and
 * written, so uploads of other kinds at the same time (or a brand colour) are all kept, and of two
 * uploads of one kind the second removes the first's file instead of leaving it named by no row.
 */
export async function uploadBrandImage(ctx: ServiceContext, kind: BrandImageKind, data: Uint8Array) {
  const { accountId } = accountScope(ctx);
  const type = checkImage(data, BRAND_IMAGE_MAX_BYTES, kind === "avatar" ? "avatar" : "logo");
  const version = randomToken(6);
  const key = `accounts/${accountId}/brand/${kind}-${version}.${type.ext}`;
  await storage().put(key, data);
  const previous = await db.$transaction(async (tx) => {
    await lockRow(tx, "Account", accountId);
    const account = await tx.account.findUniqueOrThrow({ where: { id: accountId }, select: { brand: true, metadata: true } });
    const files = brandFilesOf(account.metadata);
    await tx.account.update({
      where: { id: accountId },
      data: {
        brand: { ...(account.brand as object), [kind]: `/vapp/accounts/brand/${kind}?v=${version}` },
        metadata: { ...(account.metadata as object), brandFiles: { ...files, [kind]: { key, mime: type.mime } } },
      },
    });
    await recordAudit(tx, ctx, {
      eventType: "account.brandImageUploaded",
      targetType: "account",
      targetId: accountId,
      payload: { kind, size: data.byteLength, mime: type.mime },
    });
    return files[kind]?.key;
  });
  if (previous) await storage().delete(previous);
  return { kind, url: `/vapp/accounts/brand/${kind}?v=${version}` };
}

/** A brand image of the caller's workspace, for any member; NOT_FOUND when there is none. */
export async function getBrandImage(ctx: ServiceContext, kind: BrandImageKind) {
  const { accountId } = accountScope(ctx);
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { metadata: true } });
  const file = brandFilesOf(account.metadata)[kind];
  const stored = file ? await storage().get(file.key) : null;
  if (!file || !stored) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Image not found." });
  return { ...stored, mime: file.mime };
}
