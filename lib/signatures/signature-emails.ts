import { lockRow } from "@/lib/database/lock-row";
import type { Prisma, Signature } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { appUrl, deliverEmail, renderEmail } from "@/lib/email/send-email";
import { matchLocale, type Locale } from "@/lib/i18n/locales";
import { signingPath } from "@/lib/signing/signing-links";
import { signSigningToken } from "@/lib/signing/signing-tokens";
import { signerName } from "./signature-view";

type DocumentRef = { id: string; accountId: string; name: string };

/** The link a signer's email holds: bound to the record, the document, the address and this request. */
export function signerLinkToken(signer: Pick<Signature, "id" | "documentId" | "accountId" | "email" | "requestedAt">) {
  return signSigningToken({
    typ: "signature",
    rid: signer.id,
    did: signer.documentId,
    aid: signer.accountId,
    email: signer.email,
    rat: signer.requestedAt!.getTime(),
  });
}

type Tx = Prisma.TransactionClient;

/**
 * The `signatureRequest` email to each requested signer, in the language of their account if
 * they have one (the sender's otherwise), with the button to /sign?signed=…; the email's id is
 * kept in the signer's `notification`. Written in the transaction that marks them requested
 * (`tx`, which holds the document's row), with its delivery job: a signer is requested exactly
 * when their email is stored, and an email that cannot be stored fails the request (issue 37).
 */
export async function sendSignatureRequestEmails(tx: Tx, ctx: ServiceContext, document: DocumentRef, signers: Signature[]) {
  if (signers.length === 0) return;
  // One after the other: a transaction's statements run on one connection.
  const account = await tx.account.findUnique({ where: { id: document.accountId }, select: { name: true } });
  const sender = ctx.userId
    ? await tx.user.findUnique({ where: { id: ctx.userId }, select: { firstName: true, lastName: true, email: true } })
    : null;
  const senderName = sender ? `${sender.firstName ?? ""} ${sender.lastName ?? ""}`.trim() || sender.email : (account?.name ?? "");
  for (const signer of signers) {
    const user = await tx.user.findUnique({ where: { email: signer.email }, select: { language: true } });
    const locale: Locale = matchLocale(user?.language) ?? ctx.locale;
    const url = appUrl() + signingPath("signature", signerLinkToken(signer));
    const params = { name: signerName(signer), sender: senderName, account: account?.name ?? "", document: document.name };
    const rendered = renderEmail({ to: signer.email, template: "signatureRequest", locale, url, params });
    const { id } = await deliverEmail(
      { to: signer.email, template: "signatureRequest", locale, ...rendered },
      { accountId: document.accountId, documentId: document.id },
      { tx },
    );
    // Merged into the notification as it is now, under the row's lock: the reminders job writes
    // its count there too (holding the same lock), and neither write drops the other's keys.
    await lockRow(tx, "Signature", signer.id);
    const current = await tx.signature.findUniqueOrThrow({ where: { id: signer.id }, select: { notification: true } });
    const notification = { ...((current.notification ?? {}) as object), emailId: id, sentAt: new Date().toISOString() };
    await tx.signature.update({ where: { id: signer.id }, data: { notification: notification as Prisma.InputJsonValue } });
  }
}

/**
 * Tells the document's owners that every signer has signed (`signatureCompleted`), each in
 * their language, when their email preferences want it (docSigned and signs both on). Written
 * in the transaction of the last signature (`tx`), with their delivery jobs.
 */
export async function sendSignatureCompletedEmails(tx: Tx, document: DocumentRef) {
  const owners = await tx.documentPolicy.findMany({
    where: { accountId: document.accountId, documentId: document.id, role: "owner", status: "active" },
    select: { user: { select: { email: true, language: true, emailPreferences: true, firstName: true } } },
  });
  const account = await tx.account.findUnique({ where: { id: document.accountId }, select: { name: true } });
  for (const { user } of owners) {
    if (!user) continue;
    const prefs = (user.emailPreferences ?? {}) as { docSigned?: boolean; signs?: boolean };
    if (prefs.docSigned === false || prefs.signs === false) continue;
    const locale: Locale = matchLocale(user.language) ?? "en";
    const url = `${appUrl()}/d/${document.id}/view`;
    const params = { name: user.firstName ?? "", document: document.name, account: account?.name ?? "" };
    const rendered = renderEmail({ to: user.email, template: "signatureCompleted", locale, url, params });
    await deliverEmail(
      { to: user.email, template: "signatureCompleted", locale, ...rendered },
      { accountId: document.accountId, documentId: document.id },
      { tx },
    );
  }
}
