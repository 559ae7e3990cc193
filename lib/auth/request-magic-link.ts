import { db } from "@/lib/db";
import { issueAndSendAuthToken } from "./auth-token-email";
import type { ServiceContext } from "./context";
import type { MagicLinkInput } from "./schemas";

/** Emails a one-time sign-in link to a registered address; answers the same for any address. */
export async function requestMagicLink(ctx: ServiceContext, input: MagicLinkInput): Promise<{ sent: true }> {
  const user = await db.user.findUnique({ where: { email: input.email } });
  if (user && !user.deleted) {
    await issueAndSendAuthToken(ctx, { user, type: "magicLink", auditEvent: "user.magicLinkSent", redirect: input.redirect });
  }
  return { sent: true };
}
