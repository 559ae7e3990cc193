import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { changeDocumentStatus } from "@/lib/documents/change-document-status";
import { prepareEmailDelivery } from "@/lib/email/send-email";
import { signingLinkError } from "@/lib/signing/signed-caller";
import { lockSigningDocument } from "./request-signatures";
import { sendSignatureDeclinedEmails } from "./signature-emails";
import { publishSigningChange } from "./signing-events";
import { signerOfToken } from "./signer-access";

/**
 * The signer declines to sign, with a reason (declineSignature): in one transaction holding
 * the document's row, their signature is declined (only if still open: a replay answers
 * `completed`), the document is rejected, and the links of the other open signers end (their
 * request is withdrawn: `cancelled`). Audited `signature.declined`; the owners and the withdrawn
 * co-signers are emailed in the same transaction.
 */
export async function declineSignature(ctx: ServiceContext, input: { id?: string; reason: string }) {
  const { signer, claims } = await signerOfToken(ctx);
  if (input.id && input.id !== signer.id) throw signingLinkError("invalid");
  const declinedAt = new Date();
  await prepareEmailDelivery();
  const others = await db.$transaction(async (tx) => {
    const { document, signers } = await lockSigningDocument(tx, signer.accountId, signer.documentId);
    const updated = await tx.signature.updateMany({
      where: { id: signer.id, signedAt: null, declinedAt: null, requestedAt: new Date(claims.rat) },
      data: { declinedAt, declineReason: input.reason, signedIp: ctx.ip, signedUserAgent: ctx.userAgent?.slice(0, 500) ?? null },
    });
    if (updated.count !== 1) throw signingLinkError("completed");
    const open = signers.filter((s) => s.id !== signer.id && !s.signedAt && !s.declinedAt && s.requestedAt);
    await tx.signature.updateMany({ where: { id: { in: open.map((s) => s.id) } }, data: { requestedAt: null } });
    await recordAudit(tx, ctx, {
      eventType: "signature.declined",
      targetType: "signature",
      targetId: signer.id,
      targetContext: signer.documentId,
      payload: { email: signer.email, reason: input.reason },
    });
    await changeDocumentStatus(tx, ctx, { document, to: "rejected", cause: "decline" });
    // The owners learn who declined and why; the co-signers whose requests ended, that they need not sign.
    await sendSignatureDeclinedEmails(tx, document, signer, input.reason, open);
    return open;
  });
  publishSigningChange(signer.accountId, signer.documentId, signer.id, "declined");
  for (const other of others) publishSigningChange(signer.accountId, signer.documentId, other.id, "cancelled");
  return { id: signer.id, documentId: signer.documentId, declinedAt };
}
