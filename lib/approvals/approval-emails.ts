/**
 * The emails of approvals (issue 16), written in the transaction of the change they report (`tx`,
 * with their delivery jobs, issue 37): a reviewer is requested exactly when their email is
 * stored, and an email that cannot be stored fails the change. Each is written to the outbox with
 * its workspace and document (OutboxEmail accountId, documentId).
 * - approvalRequest: to the reviewer, with their personal link (appUrl() + /review?signed=…),
 *   in their language when they are a user, else the requester's.
 * - approvalDecided: to whoever asked and to the document's owners, in each one's language,
 *   unless their email preference successApprovals is off.
 */
import type { Approval, Prisma } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { appUrl, deliverEmail, renderEmail } from "@/lib/email/send-email";
import { matchLocale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/messages";
import { signingPath } from "@/lib/signing/signing-links";
import { signSigningToken } from "@/lib/signing/signing-tokens";
import { displayName } from "@/lib/users/person";
import { approvalMetadataOf } from "./schemas";

type DocumentRef = { id: string; name: string; accountId: string };
type Tx = Prisma.TransactionClient;

/** The reviewer's link for the approval as requested now. */
export function approvalLink(approval: Approval): string {
  const token = signSigningToken({
    typ: "approval",
    rid: approval.id,
    did: approval.documentId,
    aid: approval.accountId,
    email: approval.email,
    rat: approval.requestedAt!.getTime(),
  });
  return `${appUrl()}${signingPath("approval", token)}`;
}

const personName = (a: { firstName: string; lastName: string; email: string }) => displayName(a);

export async function sendApprovalRequestEmails(tx: Tx, ctx: ServiceContext, document: DocumentRef, approvals: Approval[]): Promise<void> {
  if (!approvals.length) return;
  const account = await tx.account.findUnique({ where: { id: document.accountId }, select: { name: true } });
  for (const approval of approvals) {
    const requesterId = approvalMetadataOf(approval.metadata).requestedById;
    // One after the other: a transaction's statements run on one connection.
    const reviewer = await tx.user.findFirst({ where: { email: approval.email, deleted: false }, select: { language: true } });
    const requester = requesterId
      ? await tx.user.findUnique({ where: { id: requesterId }, select: { firstName: true, lastName: true, email: true } })
      : null;
    const locale = matchLocale(reviewer?.language) ?? ctx.locale;
    const t = getTranslator(locale);
    const params = {
      name: requester ? personName(requester) : (account?.name ?? ""),
      account: account?.name ?? "",
      document: document.name,
      message: approval.message ? t("emails.approvalRequest.note", { message: approval.message }) : "",
    };
    const url = approvalLink(approval);
    const email = renderEmail({ to: approval.email, template: "approvalRequest", locale, url, params });
    const sent = await deliverEmail(
      { to: approval.email, template: "approvalRequest", locale, ...email },
      { accountId: document.accountId, documentId: document.id },
      { tx },
    );
    await tx.approval.update({
      where: { id: approval.id },
      data: { notification: { emailId: sent.id, sentAt: new Date().toISOString() } },
    });
  }
}

type Preferences = { successApprovals?: boolean };

export async function sendApprovalDecidedEmails(tx: Tx, ctx: ServiceContext, document: DocumentRef, approval: Approval): Promise<void> {
  {
    const requesterId = approvalMetadataOf(approval.metadata).requestedById;
    const owners = await tx.documentPolicy.findMany({
      where: { accountId: document.accountId, documentId: document.id, role: "owner", status: "active" },
      select: { userId: true },
    });
    const ids = [...new Set([requesterId, ...owners.map((o) => o.userId)].filter((v): v is string => !!v))];
    const users = await tx.user.findMany({
      where: { id: { in: ids }, deleted: false, policies: { some: { accountId: document.accountId, status: "active" } } },
      select: { email: true, language: true, emailPreferences: true },
    });
    const approved = !!approval.approvedAt;
    for (const user of users) {
      if ((user.emailPreferences as Preferences | null)?.successApprovals === false) continue;
      const locale = matchLocale(user.language) ?? ctx.locale;
      const t = getTranslator(locale);
      const params = {
        reviewer: personName(approval),
        document: document.name,
        outcome: t(approved ? "emails.approvalDecided.approved" : "emails.approvalDecided.rejected"),
        comment: approval.comment ? t("emails.approvalDecided.comment", { comment: approval.comment }) : "",
      };
      const url = `${appUrl()}/d/${document.id}/view`;
      const email = renderEmail({ to: user.email, template: "approvalDecided", locale, url, params });
      await deliverEmail(
        { to: user.email, template: "approvalDecided", locale, ...email },
        { accountId: document.accountId, documentId: document.id },
        { tx },
      );
    }
  }
}
