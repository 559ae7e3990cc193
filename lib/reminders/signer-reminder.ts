import type { Prisma, Signature } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { recordAudit } from "@/lib/audit/record-audit";
import { lockRow } from "@/lib/database/lock-row";
import { appUrl, renderEmail, storeEmail, type StoredEmail } from "@/lib/email/send-email";
import type { Locale } from "@/lib/i18n/locales";
import { SIGNED_PARAM, signingPath } from "@/lib/signing/signing-links";
import { signingLinkTtlSeconds, verifySigningToken, type SigningPurpose } from "@/lib/signing/signing-tokens";
import { signerLinkToken } from "@/lib/signatures/signature-emails";
import { signerName } from "@/lib/signatures/signature-view";

type Tx = Prisma.TransactionClient;

/** What a signer's `notification` holds: the request's email (emailId, sentAt) and the reminders' count, time and last email. */
export type SignerNotification = {
  emailId?: string;
  sentAt?: string;
  remindedAt?: string;
  reminders?: number;
  reminderEmailId?: string;
  reminderSkipped?: string;
  [key: string]: unknown;
};

type Held = Pick<Signature, "id" | "documentId" | "accountId" | "email" | "requestedAt" | "notification">;
type HeldLink = { url: string; expired: false } | { expired: true };
const TOKEN_IN_TEXT = new RegExp(`[?&]${SIGNED_PARAM}=([^\\s&]+)`);

/**
 * The link a requested signer (or reviewer) already holds: the very token of their request email
 * (the outbox keeps it, its id is in the record's `notification`), so a reminder carries the same
 * link, and its expiry, not a later one. When that email is gone, a token of the same request
 * (same `requestedAt`, from `fresh`: the link they hold stays valid too). `expired` when the
 * request's link has expired: a reminder would send a dead link, and only a new request helps.
 */
export async function heldLink(
  client: Pick<Prisma.TransactionClient, "outboxEmail">,
  purpose: SigningPurpose,
  record: Held,
  fresh: () => string,
): Promise<HeldLink> {
  const requestedAt = record.requestedAt!;
  const emailId = ((record.notification ?? {}) as SignerNotification).emailId;
  const stored = emailId
    ? await client.outboxEmail.findFirst({
        where: { id: emailId, accountId: record.accountId, documentId: record.documentId },
        select: { text: true },
      })
    : null;
  const match = stored?.text.match(TOKEN_IN_TEXT);
  if (match) {
    const token = decodeURIComponent(match[1]!);
    const check = verifySigningToken(token);
    if (!check.ok && check.reason === "expired") return { expired: true };
    if (check.ok && check.claims.typ === purpose && check.claims.rid === record.id && check.claims.rat === requestedAt.getTime())
      return { url: `${appUrl()}${signingPath(purpose, token)}`, expired: false };
  }
  if (requestedAt.getTime() + signingLinkTtlSeconds() * 1000 <= Date.now()) return { expired: true };
  return { url: fresh(), expired: false };
}

/** A signer's held signing link (heldLink). */
export const heldSigningLink = (client: Pick<Prisma.TransactionClient, "outboxEmail">, signer: Held) =>
  heldLink(client, "signature", signer, () => `${appUrl()}${signingPath("signature", signerLinkToken(signer))}`);

/**
 * Stores a `signatureReminder` email to a requested signer, with THE SAME link as their request
 * (`url`, from heldSigningLink: the link they hold keeps working, and so does this one), counts
 * it in the signer's `notification` (merged under the row's lock, as the request's email id is)
 * and audits `signature.reminded` (`manual` when a member asked for it). Inside the caller's
 * transaction; the caller hands the stored email to `dispatchEmails` in that transaction.
 */
export async function storeSignerReminder(
  tx: Tx,
  ctx: ServiceContext,
  signer: Signature,
  about: { url: string; documentName: string; accountName: string; locale: Locale; now: Date; manual: boolean },
): Promise<{ email: StoredEmail; reminders: number }> {
  const rendered = renderEmail({
    to: signer.email,
    template: "signatureReminder",
    locale: about.locale,
    url: about.url,
    params: { name: signerName(signer), document: about.documentName, account: about.accountName },
  });
  const email = await storeEmail(
    tx,
    { to: signer.email, template: "signatureReminder", locale: about.locale, ...rendered },
    { accountId: signer.accountId, documentId: signer.documentId },
  );
  await lockRow(tx, "Signature", signer.id);
  const current = await tx.signature.findUniqueOrThrow({ where: { id: signer.id }, select: { notification: true } });
  const notification = (current.notification ?? {}) as SignerNotification;
  const reminders = (notification.reminders ?? 0) + 1;
  // A reminder sent: a skip noted earlier (preferences, an expired link) no longer holds.
  const kept = { ...notification };
  delete kept.reminderSkipped;
  await tx.signature.update({
    where: { id: signer.id },
    data: {
      notification: { ...kept, remindedAt: about.now.toISOString(), reminders, reminderEmailId: email.id } as Prisma.InputJsonValue,
    },
  });
  await recordAudit(tx, ctx, {
    accountId: signer.accountId,
    userId: ctx.userId ?? null,
    eventType: "signature.reminded",
    targetType: "signature",
    targetId: signer.id,
    targetContext: signer.documentId,
    payload: { documentId: signer.documentId, email: signer.email, reminders, ...(about.manual ? { manual: true } : {}) },
  });
  return { email, reminders };
}
