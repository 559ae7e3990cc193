import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { requireDocumentRole } from "@/lib/documents/access";
import { dispatchEmails, prepareEmailDelivery } from "@/lib/email/send-email";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { matchLocale } from "@/lib/i18n/locales";
import { WITH_FOLLOW_UPS } from "@/lib/jobs/job";
import { heldSigningLink, storeSignerReminder } from "@/lib/reminders/signer-reminder";
import { lockSigningDocument } from "./request-signatures";
import { publishSigningChange } from "./signing-events";
import { signerTurns } from "./signing-turn";
import { presentSignature, signingSettingsOf } from "./signature-view";

const cannotRemind = (message: string, reason: string) => new AppError(AppErrorCode.CONFLICT, { message, details: { reason } });

/** The statuses in which a document waits for signatures (as the reminders job reads them). */
const WAITING = ["toSign", "signing"];

/**
 * "Remind now" (editor): emails one requested signer a `signatureReminder` with the link they
 * already hold (the token of their request email: nothing ends, nothing is extended), unlike "Send again"
 * (requestSignature), which makes a new request and ends the older link. Refused for a signer
 * who has not been asked yet (`notRequested`), who signed or declined (`signerFinished`), whose
 * turn has not come (`notInTurn`), while the document no longer waits for signatures
 * (`notWaiting`), or once their link has expired (`linkExpired`: Send again). Counted and audited as the automatic reminders are (`signature.reminded`, manual).
 */
export async function remindSigner(ctx: ServiceContext, signatureId: string) {
  const found = ctx.accountId ? await db.signature.findFirst({ where: { id: signatureId, accountId: ctx.accountId } }) : null;
  if (!found) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Signer not found." });
  await requireDocumentRole(ctx, found.documentId, "editor");
  await prepareEmailDelivery();
  const row = await db.$transaction(async (tx) => {
    const { document, signers } = await lockSigningDocument(tx, found.accountId, found.documentId);
    const signer = signers.find((s) => s.id === found.id);
    if (!signer) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Signer not found." });
    if (signer.signedAt || signer.declinedAt) throw cannotRemind("This signer has already signed or declined.", "signerFinished");
    if (!signer.requestedAt) throw cannotRemind("This signer has not been sent the document yet: send it first.", "notRequested");
    if (!WAITING.includes(document.status))
      throw cannotRemind("This document no longer waits for signatures: there is nothing to remind.", "notWaiting");
    const inTurn = signerTurns.whoseTurn(signers, signingSettingsOf(document.settings).signProcess);
    if (!inTurn.some((s) => s.id === signer.id))
      throw cannotRemind("It is not this signer's turn yet: the signers before them sign first.", "notInTurn");
    const link = await heldSigningLink(tx, signer);
    if (link.expired) throw cannotRemind("The link this signer holds has expired: use Send again to send them a new one.", "linkExpired");
    // One after the other: a transaction's statements run on one connection.
    const details = await tx.document.findUniqueOrThrow({
      where: { id: document.id },
      select: { language: true, account: { select: { name: true } } },
    });
    const user = await tx.user.findUnique({ where: { email: signer.email }, select: { language: true } });
    const locale = matchLocale(user?.language) ?? matchLocale(details.language) ?? ctx.locale;
    const { email } = await storeSignerReminder(tx, ctx, signer, {
      url: link.url,
      documentName: document.name,
      accountName: details.account.name,
      locale,
      now: new Date(),
      manual: true,
    });
    await dispatchEmails([email], tx);
    return tx.signature.findUniqueOrThrow({ where: { id: signer.id } });
  }, WITH_FOLLOW_UPS);
  publishSigningChange(row.accountId, row.documentId, row.id, "reminded");
  return presentSignature(row);
}
