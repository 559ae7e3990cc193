import { getMe } from "./get-me";
import type { ServiceContext } from "@/lib/auth/context";

/** The current session as GET /vapp/auth/session shows it: the user and the account in use, or `{ user: null }` when signed out. */
export async function getSessionView(ctx: ServiceContext) {
  if (!ctx.userId) return { user: null };
  const user = await getMe(ctx);
  return { user, accountId: ctx.accountId, role: ctx.role, permissions: [...ctx.permissions], via: ctx.via };
}
