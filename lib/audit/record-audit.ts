import type { Prisma } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";

type Tx = Pick<Prisma.TransactionClient, "audit">;

export type AuditEntry = {
  eventType: string;
  targetType: string;
  targetId?: string | null;
  targetContext?: string | null;
  toUserId?: string | null;
  /** Overrides the context's account (events before an account is chosen). */
  accountId?: string | null;
  /** Overrides the context's user (sign-in, where the context is still anonymous). */
  userId?: string | null;
  payload?: Prisma.InputJsonValue;
};

/**
 * Writes one Audit row: who (context user), what (eventType), to which target, through which
 * door (session, token, link) and from where. Call it inside the transaction of the change.
 */
export async function recordAudit(tx: Tx, ctx: ServiceContext, entry: AuditEntry): Promise<void> {
  await tx.audit.create({
    data: {
      accountId: entry.accountId !== undefined ? entry.accountId : ctx.accountId,
      userId: entry.userId !== undefined ? entry.userId : ctx.userId,
      toUserId: entry.toUserId ?? null,
      eventType: entry.eventType,
      targetType: entry.targetType,
      targetId: entry.targetId ?? null,
      targetContext: entry.targetContext ?? null,
      payload: entry.payload ?? {},
      via: ctx.via,
      viaId: ctx.viaId,
      ip: ctx.ip,
      userAgent: ctx.userAgent?.slice(0, 500) ?? null,
    },
  });
}
