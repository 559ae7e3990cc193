import { hmac, safeEqual } from "@/lib/auth/crypto";
import { db } from "@/lib/db";

/**
 * Open tracking for sent emails (the spec's SecureNotification openedAt): a 1×1 image whose
 * address names the email and carries a signature of its id, so nobody can mark another email
 * opened by guessing ids. Mail readers that block images never report an open.
 */
const signature = (emailId: string) => hmac(`email-open:${emailId}`);

export function openTrackingUrl(emailId: string, base: string): string {
  return `${base}/vapp/emails/${encodeURIComponent(emailId)}/open?sig=${signature(emailId)}`;
}

/** The email's HTML with the tracking image just before </body>; `base` is the app's public address. */
export function withOpenTracking(html: string, emailId: string, base: string): string {
  const image = `<img src="${openTrackingUrl(emailId, base)}" width="1" height="1" alt="" style="display:block;border:0">`;
  return html.includes("</body>") ? html.replace("</body>", `${image}</body>`) : html + image;
}

/**
 * Records the first open of an email with a valid signature (later opens add nothing): its
 * time and a history entry. Answers whether the signature held.
 */
export async function recordEmailOpen(emailId: string, sig: string | null): Promise<boolean> {
  if (!sig || !safeEqual(sig, signature(emailId))) return false;
  const at = new Date();
  await db.$executeRaw`
    UPDATE "OutboxEmail"
    SET "openedAt" = ${at}, "history" = "history" || jsonb_build_array(jsonb_build_object('at', ${at.toISOString()}::text, 'status', 'opened'))
    WHERE "id" = ${emailId} AND "openedAt" IS NULL`;
  return true;
}
