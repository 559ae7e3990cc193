import { lockRow } from "@/lib/database/lock-row";
import type { Prisma, Signature } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { appUrl, deliverEmail, renderEmail } from "@/lib/email/send-email";
import { matchLocale, type Locale } from "@/lib/i18n/locales";
import { signingPath } from "@/lib/signing/signing-links";
import { signSigningToken } from "@/lib/signing/signing-tokens";
import { signerName } from "./signature-view";

type DocumentRef = { id: string; accountId: string; name: string; settings?: unknown };

/** The sender's own subject and message for the signers' request emails (Document.settings.signingEmail), if they wrote one. */
export function signingEmailOf(settings: unknown): { subject?: string; message?: string } {
  const value = (settings && typeof settings === "object" ? (settings as { signingEmail?: unknown }).signingEmail : null) ?? {};
  const { subject, message } = value as { subject?: unknown; message?: unknown };
  return {
    ...(typeof subject === "string" && subject.trim() ? { subject: subject.trim() } : {}),
    ...(typeof message === "string" && message.trim() ? { message: message.trim() } : {}),
  };
}

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
  const senderName = await requesterName(tx, ctx, document);
  // The sender's own subject and words, when they wrote them for this document's signers.
  const { subject, message } = signingEmailOf(document.settings);
  const own = { ...(subject ? { subject } : {}), ...(message ? { note: message } : {}) };
  for (const signer of signers) {
    const user = await tx.user.findUnique({ where: { email: signer.email }, select: { language: true } });
    const locale: Locale = matchLocale(user?.language) ?? ctx.locale;
    const url = appUrl() + signingPath("signature", signerLinkToken(signer));
    const params = { name: signerName(signer), sender: senderName, account: account?.name ?? "", document: document.name };
    const rendered = renderEmail({ to: signer.email, template: "signatureRequest", locale, url, params, ...own });
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

const personName = (user: { firstName: string | null; lastName: string | null; email: string }) =>
  `${user.firstName ?? ""} ${user.lastName ?? ""}`.trim() || user.email;

/**
 * Who asks for the signature: the member who sends it; when the request follows a signature (the
 * next signer's turn, asked by no member), the document's owner, so the email names a person and
 * not the workspace twice.
 */
async function requesterName(tx: Tx, ctx: ServiceContext, document: DocumentRef) {
  const select = { firstName: true, lastName: true, email: true } as const;
  const sender = ctx.userId ? await tx.user.findUnique({ where: { id: ctx.userId }, select }) : null;
  if (sender) return personName(sender);
  const owner = await tx.documentPolicy.findFirst({
    where: { accountId: document.accountId, documentId: document.id, role: "owner", status: "active", user: { deleted: false } },
    orderBy: { createdAt: "asc" },
    select: { user: { select } },
  });
  return owner?.user ? personName(owner.user) : "";
}

/** The document's active owners who want signing news by email (docSigned and signs not turned off). */
async function ownersToTell(tx: Tx, document: DocumentRef) {
  const owners = await tx.documentPolicy.findMany({
    where: { accountId: document.accountId, documentId: document.id, role: "owner", status: "active" },
    select: { user: { select: { email: true, language: true, emailPreferences: true, firstName: true } } },
  });
  return owners.flatMap(({ user }) => {
    const prefs = (user?.emailPreferences ?? {}) as { docSigned?: boolean; signs?: boolean };
    return user && prefs.docSigned !== false && prefs.signs !== false ? [user] : [];
  });
}

/**
 * A signer declined: the document's owners are told who and why (`signatureDeclined`, with the
 * button to the document), and each co-signer whose request this withdrew is told they no longer
 * need to sign (`signatureWithdrawn`, no button: their link has ended), each in their language.
 * Written in the transaction of the decline (`tx`), with their delivery jobs.
 */
export async function sendSignatureDeclinedEmails(
  tx: Tx,
  document: DocumentRef,
  decliner: Pick<Signature, "firstName" | "lastName" | "email">,
  reason: string,
  withdrawn: readonly Pick<Signature, "firstName" | "lastName" | "email">[],
) {
  const account = await tx.account.findUnique({ where: { id: document.accountId }, select: { name: true } });
  const about = { accountId: document.accountId, documentId: document.id };
  const common = { signer: signerName(decliner), document: document.name, account: account?.name ?? "", reason };
  for (const owner of await ownersToTell(tx, document)) {
    const locale: Locale = matchLocale(owner.language) ?? "en";
    const rendered = renderEmail({
      to: owner.email,
      template: "signatureDeclined",
      locale,
      url: `${appUrl()}/d/${document.id}/view`,
      params: { ...common, name: owner.firstName ?? "" },
    });
    await deliverEmail({ to: owner.email, template: "signatureDeclined", locale, ...rendered }, about, { tx });
  }
  for (const signer of withdrawn) {
    const user = await tx.user.findUnique({ where: { email: signer.email }, select: { language: true } });
    const locale: Locale = matchLocale(user?.language) ?? "en";
    const params = { ...common, name: signerName(signer) };
    const rendered = renderEmail({ to: signer.email, template: "signatureWithdrawn", locale, url: appUrl(), params });
    await deliverEmail({ to: signer.email, template: "signatureWithdrawn", locale, ...rendered }, about, { tx });
  }
}

/**
 * Tells the document's owners that every signer has signed (`signatureCompleted`), each in
 * their language, when their email preferences want it (docSigned and signs both on). Written
 * in the transaction of the last signature (`tx`), with their delivery jobs.
 */
export async function sendSignatureCompletedEmails(tx: Tx, document: DocumentRef) {
  const account = await tx.account.findUnique({ where: { id: document.accountId }, select: { name: true } });
  for (const user of await ownersToTell(tx, document)) {
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
