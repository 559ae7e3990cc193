import { appUrl, deliverEmail, layoutEmail } from "@/lib/email/send-email";
import type { Prisma } from "@/lib/generated/prisma/client";
import { formatDate } from "@/lib/i18n/format";
import { getTranslator } from "@/lib/i18n/messages";
import { matchLocale, type Locale } from "@/lib/i18n/locales";
import { OPERATION_ROUTES } from "@/lib/operations/route-table";
import { SIGNED_PARAM } from "@/lib/signing/signing-links";
import { signSigningToken } from "@/lib/signing/signing-tokens";
import { signerMayDownload, signerName, type SealSigner } from "./seal-inputs";

type SealedDocument = { id: string; accountId: string; name: string; language: string | null; account: { name: string } };

/** The `documentSealed` email in the recipient's language: a download button, or for a signer without it the verify page. */
export function renderSealedEmail(input: {
  locale: Locale;
  document: string;
  account: string;
  name: string;
  url: string;
  download: boolean;
}) {
  const t = getTranslator(input.locale);
  const params = {
    document: input.document,
    account: input.account,
    name: input.name,
    date: formatDate(input.locale, new Date(), { dateStyle: "long" }),
  };
  return layoutEmail({
    locale: input.locale,
    subject: t("emails.documentSealed.subject", params),
    heading: t("emails.documentSealed.heading", params),
    body: t(input.download ? "emails.documentSealed.body" : "emails.documentSealed.bodyNoCopy", params),
    button: t(input.download ? "emails.documentSealed.button" : "emails.documentSealed.buttonNoCopy", params),
    url: input.url,
    footer: t("emails.documentSealed.footer", params),
  });
}

/** Where a signer downloads the sealed copy with their own link's token (the token still checked against their record). */
export function signerDownloadUrl(document: { id: string; accountId: string }, signer: SealSigner): string | null {
  if (!signer.requestedAt || !signerMayDownload(signer)) return null;
  const token = signSigningToken({
    typ: "signature",
    rid: signer.id,
    did: document.id,
    aid: document.accountId,
    email: signer.email,
    rat: signer.requestedAt.getTime(),
  });
  return `${appUrl()}${OPERATION_ROUTES.downloadSealedDocument.path}?${SIGNED_PARAM}=${encodeURIComponent(token)}`;
}

/** A member's ordinary download of the sealed version (they sign in for it). */
export const memberDownloadUrl = (documentId: string, version: number) =>
  `${appUrl()}${OPERATION_ROUTES.getDocumentFile.path.replace("{id}", encodeURIComponent(documentId))}?version=${version}`;

/**
 * Tells everyone the document is sealed (issue 16): each signer (their link downloads the
 * sealed copy when their settings allow it, else the email points to the verify page) and each
 * owner of the document who wants docSigned emails (User.emailPreferences), with the ordinary
 * download. An address gets one email, an owner's when it is both. Written in the sealing
 * transaction (`tx`), with their delivery jobs: a run that dies after the commit leaves them
 * stored, where its retry (which finds the document sealed) would never send them (issue 37).
 */
export async function sendSealedEmails(
  tx: Prisma.TransactionClient,
  {
    document,
    signers,
    version,
  }: {
    document: SealedDocument;
    signers: readonly SealSigner[];
    version: number;
  },
) {
  const owners = await tx.documentPolicy.findMany({
    where: { accountId: document.accountId, documentId: document.id, role: "owner", status: "active" },
    select: { user: { select: { email: true, firstName: true, lastName: true, language: true, emailPreferences: true } } },
  });
  const sent = new Set<string>();
  const documentLocale = matchLocale(document.language) ?? "en";
  const about = { accountId: document.accountId, documentId: document.id };
  for (const { user } of owners) {
    const email = user.email.toLowerCase();
    if (sent.has(email)) continue;
    sent.add(email);
    if ((user.emailPreferences as { docSigned?: boolean } | null)?.docSigned === false) continue;
    const locale = matchLocale(user.language) ?? documentLocale;
    const rendered = renderSealedEmail({
      locale,
      document: document.name,
      account: document.account.name,
      name: signerName(user),
      url: memberDownloadUrl(document.id, version),
      download: true,
    });
    await deliverEmail({ to: email, template: "documentSealed", locale, ...rendered }, about, { tx });
  }
  for (const signer of signers) {
    const email = signer.email.toLowerCase();
    if (sent.has(email)) continue;
    sent.add(email);
    const locale = matchLocale((signer.metadata as { locale?: string } | null)?.locale) ?? documentLocale;
    const download = signerDownloadUrl(document, signer);
    const rendered = renderSealedEmail({
      locale,
      document: document.name,
      account: document.account.name,
      name: signerName(signer),
      url: download ?? `${appUrl()}/verify`,
      download: !!download,
    });
    await deliverEmail({ to: email, template: "documentSealed", locale, ...rendered }, about, { tx });
  }
}
