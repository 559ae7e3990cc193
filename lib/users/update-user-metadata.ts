import { db } from "@/lib/db";
import { lockRow } from "@/lib/database/lock-row";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireUser, type ServiceContext } from "@/lib/auth/context";
import type { UpdateUserMetadataInput } from "@/lib/sign-in/schemas";

/**
 * Merges flags such as hasSeenWelcomeTour into the user's metadata, under the user row's lock so
 * keys written at the same time (another flag, the picture's file) are kept; returns the metadata.
 */
export async function updateUserMetadata(ctx: ServiceContext, input: UpdateUserMetadataInput) {
  requireUser(ctx);
  return db.$transaction(async (tx) => {
    await lockRow(tx, "User", ctx.userId);
    const current = await tx.user.findUniqueOrThrow({ where: { id: ctx.userId }, select: { metadata: true } });
    const metadata = { ...(current.metadata as Record<string, unknown>), ...input };
    await tx.user.update({ where: { id: ctx.userId }, data: { metadata } });
    await recordAudit(tx, ctx, { eventType: "user.metadataUpdated", targetType: "user", targetId: ctx.userId, payload: input });
    return metadata;
  });
}
