import { db } from "@/lib/db";
import { issueAndSendAuthToken } from "./auth-token-email";
import type { ServiceContext } from "@/lib/auth/context";
import type { MagicLinkInput } from "./schemas";
import { AUTH_EMAILS_PER_USER, MAGIC_LINKS_PER_ADDRESS, tryAttempts } from "@/lib/auth/throttle";

/**
 * Emails a one-time sign-in link to a registered address; answers the same for any address.
 * A few per address and per user in a window (lib/auth/throttle.ts); past them it still answers
 * `{ sent: true }`, so the limit tells nothing about the address, and sends nothing.
 */
export async function requestMagicLink(ctx: ServiceContext, input: MagicLinkInput): Promise<{ sent: true }> {
  if (!(await tryAttempts([{ throttle: MAGIC_LINKS_PER_ADDRESS, id: input.email }])).ok) return { sent: true };
  const user = await db.user.findUnique({ where: { email: input.email } });
  if (user && !user.deleted && (await tryAttempts([{ throttle: AUTH_EMAILS_PER_USER, id: user.id }])).ok) {
    await issueAndSendAuthToken(ctx, { user, type: "magicLink", auditEvent: "user.magicLinkSent", redirect: input.redirect });
  }
  return { sent: true };
}
