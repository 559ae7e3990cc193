import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";

/** Whether the signed-in user is internal staff (spec: an internal user without account goes to register). */
export async function isInternalUser(ctx: ServiceContext): Promise<boolean> {
  if (!ctx.userId) return false;
  const user = await db.user.findUnique({ where: { id: ctx.userId }, select: { internal: true } });
  return user?.internal ?? false;
}
