import { z } from "zod";
import { db } from "@/lib/db";
import { lockRow } from "@/lib/database/lock-row";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireUser, type ServiceContext } from "@/lib/auth/context";

/** How a welcome tour ended, and on which step (docs/welcome-tour.md). */
export const recordWelcomeTourSchema = z
  .object({
    outcome: z.enum(["skipped", "finished"]),
    step: z.string().regex(/^[a-z0-9-]{1,40}$/),
  })
  .strict();
export type RecordWelcomeTourInput = z.infer<typeof recordWelcomeTourSchema>;

/**
 * Ends the signed-in user's welcome tour: sets hasSeenWelcomeTour in their metadata and records
 * the spec's analytics event as an audit entry, `user.welcomeTourSkipped` or
 * `user.welcomeTourFinished` with the step it ended on, so a skip is told apart from a finish
 * and from other metadata changes. Returns the metadata (merged under the user row's lock, so
 * keys written at the same time are kept). Throws UNAUTHENTICATED when signed out.
 */
export async function recordWelcomeTour(ctx: ServiceContext, input: RecordWelcomeTourInput) {
  requireUser(ctx);
  return db.$transaction(async (tx) => {
    await lockRow(tx, "User", ctx.userId);
    const current = await tx.user.findUniqueOrThrow({ where: { id: ctx.userId }, select: { metadata: true } });
    const metadata = { ...(current.metadata as Record<string, unknown>), hasSeenWelcomeTour: true };
    await tx.user.update({ where: { id: ctx.userId }, data: { metadata } });
    await recordAudit(tx, ctx, {
      eventType: input.outcome === "skipped" ? "user.welcomeTourSkipped" : "user.welcomeTourFinished",
      targetType: "user",
      targetId: ctx.userId,
      payload: { step: input.step, hasSeenWelcomeTour: true },
    });
    return metadata;
  });
}
