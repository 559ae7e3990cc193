import { db } from "@/lib/db";
import { lockRow } from "@/lib/database/lock-row";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireUser, type ServiceContext } from "@/lib/auth/context";
import type { UpdateUserInput } from "@/lib/sign-in/schemas";
import { pubsub } from "@/lib/events/pubsub";
import { toPublicUser } from "./get-me";
import { forgetUserTimeZone } from "./get-user-time-zone";

/** Updates the signed-in user's own profile and preferences; the user's other tabs and devices hear of it (`userUpdated`). */
export async function updateUser(ctx: ServiceContext, input: UpdateUserInput) {
  requireUser(ctx);
  const updated = await db.$transaction(async (tx) => {
    // Locked: email preferences are merged, and one changed at the same time elsewhere is kept.
    await lockRow(tx, "User", ctx.userId);
    const current = await tx.user.findUniqueOrThrow({ where: { id: ctx.userId } });
    const emailPreferences = input.emailPreferences
      ? { ...(current.emailPreferences as Record<string, boolean>), ...input.emailPreferences }
      : undefined;
    const user = await tx.user.update({
      where: { id: ctx.userId },
      data: { ...input, emailPreferences },
    });
    await recordAudit(tx, ctx, {
      eventType: "user.updated",
      targetType: "user",
      targetId: user.id,
      payload: { fields: Object.keys(input) },
    });
    return toPublicUser(user);
  });
  // Dates on the next page use the new zone in this process at once (others within 30 s).
  if (input.timezone !== undefined) forgetUserTimeZone(ctx.userId);
  pubsub.publish("user:updated", updated.id, { id: updated.id });
  return updated;
}
