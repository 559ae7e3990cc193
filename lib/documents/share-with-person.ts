/**
 * SECURITY-CRITICAL. Sharing a document with a person by email address (the "People" tab), and
 * what the account setting `documentShareExternalAccountMembers` means (docs/permissions.md,
 * "People outside the workspace"): an active member of the workspace gets a document policy
 * (lib/documents/policies.ts); anyone else gets a personal share link (lib/links) only while the
 * setting is on. A change here comes with a test showing that, with the setting off or from
 * another account, nothing is stored and nobody is emailed.
 *
 * This file composes existing services (policies, links, email) and holds the two halves of one
 * feature, sharing and listing the personal links, so it exports two services (like policies.ts).
 */
import { z } from "zod";
import { db } from "@/lib/db";
import type { DocumentLink, Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { emailSchema } from "@/lib/sign-in/schemas";
import { accountScope } from "@/lib/accounts/scope";
import { prepareEmailDelivery, sendEmail } from "@/lib/email/send-email";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { formatDate } from "@/lib/i18n/format";
import { matchLocale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/messages";
import { createDocumentLink, findDocumentLinks, updateDocumentLink, type PresentedLink } from "@/lib/links/document-links";
import { linkRef } from "@/lib/links/link-access";
import { LINK_ROLES, type LinkRole } from "@/lib/links/schemas";
import { requireDocumentRole } from "./access";
import { documentRoleSchema, upsertDocumentPolicy } from "./policies";
import type { PresentedPolicy } from "./policy-rules";
import { displayName } from "@/lib/users/person";

/** How long a personal link works; sharing again with the same address renews it. */
export const PERSONAL_LINK_DAYS = 30;
/** The account setting that lets documents be shared with people outside the workspace. */
export const EXTERNAL_SHARING_SETTING = "documentShareExternalAccountMembers";

export const shareWithPersonSchema = z.object({ email: emailSchema, role: documentRoleSchema }).strict();
export type ShareWithPersonInput = z.infer<typeof shareWithPersonSchema>;

/** Only the one setting is read; the rest of the stored settings is not this file's business. */
const externalSharingSchema = z.object({ [EXTERNAL_SHARING_SETTING]: z.boolean().optional() });

/** A personal link: secure, its allow list exactly one address, no deny list. */
const isPersonalLink = (link: Pick<DocumentLink, "isSecure" | "allowList" | "denyList">) =>
  link.isSecure && link.allowList.length === 1 && link.allowList[0].includes("@") && link.denyList.length === 0;

/** A personal link as the People tab shows it: the person's address, never the URL (the secret). */
function presentPersonalLink(link: PresentedLink) {
  return {
    id: link.id,
    email: link.allowList[0],
    role: link.role,
    expiredAt: link.expiredAt,
    isExpired: link.isExpired,
    accessedAt: link.accessedAt,
    createdAt: link.createdAt,
  };
}
export type PersonalLink = ReturnType<typeof presentPersonalLink>;

export type ShareWithPersonResult =
  | { kind: "policy"; policy: PresentedPolicy }
  /** `capped`: the role asked for was more than a link gives, so the link carries reviewer. */
  | { kind: "link"; link: PersonalLink; capped: boolean; renewed: boolean };

const refused = (reason: "externalSharingOff" | "memberSuspended", message: string) =>
  new AppError(AppErrorCode.FORBIDDEN, { message, details: { reason, setting: EXTERNAL_SHARING_SETTING } });

/**
 * Shares a document with the person at `email`, in the caller's account. Needs the editor role
 * on the document (NOT_FOUND when the caller cannot see it or it is another account's,
 * FORBIDDEN with a lesser role).
 * - An active member of the workspace gets a document policy through upsertDocumentPolicy (its
 *   rules, audit and email: owner only from an owner, guests at most commenter).
 * - Anyone else, only with the account setting `documentShareExternalAccountMembers` on: a
 *   personal secure share link (allow list exactly that address) with the role asked for, capped
 *   at reviewer (what links give), expiring in PERSONAL_LINK_DAYS; an open personal link for
 *   the same address is updated and renewed instead of adding another. Audited
 *   `document.sharedWithPerson` (beside the link's own `link.created`/`link.updated`), and the
 *   person is emailed the link in their language (their user's, else the caller's): the email
 *   and its delivery job are written in the link's transaction, so the share exists exactly when
 *   its email does (issue 37).
 * - With the setting off: FORBIDDEN, `details.reason: "externalSharingOff"`; a suspended member
 *   (membership disabled by an administrator): FORBIDDEN, `details.reason: "memberSuspended"`.
 *   Nothing is stored and nobody is emailed then.
 */
export async function shareWithPerson(
  ctx: ServiceContext,
  documentId: string,
  input: ShareWithPersonInput,
): Promise<ShareWithPersonResult> {
  const { accountId } = accountScope(ctx);
  const { document } = await requireDocumentRole(ctx, documentId, "editor");

  const membership = await db.accountPolicy.findFirst({
    where: { accountId, user: { email: input.email, deleted: false } },
    select: { userId: true, status: true },
  });
  if (membership?.status === "active") {
    return { kind: "policy", policy: await upsertDocumentPolicy(ctx, document.id, { userId: membership.userId, role: input.role }) };
  }
  // An administrator suspended them: a link would let them back in through the side door.
  if (membership?.status === "disabled") throw refused("memberSuspended", "This person's membership of the workspace is suspended.");

  const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { name: true, settings: true } });
  const settings = externalSharingSchema.safeParse(account.settings);
  if (!settings.success || settings.data[EXTERNAL_SHARING_SETTING] !== true) {
    throw refused("externalSharingOff", "Sharing documents with people outside the workspace is turned off in the workspace settings.");
  }

  const role: LinkRole = (LINK_ROLES as readonly string[]).includes(input.role) ? (input.role as LinkRole) : "reviewer";
  const expiredAt = new Date(Date.now() + PERSONAL_LINK_DAYS * 86_400_000).toISOString();
  const existing = await db.documentLink.findFirst({
    where: { accountId, documentId: document.id, isSecure: true, allowList: { equals: [input.email] }, denyList: { isEmpty: true } },
    orderBy: { createdAt: "desc" },
  });
  const renewed = Boolean(existing);
  // The audit and the email are written in the link's own transaction (issue 37).
  const followUp = async (tx: Prisma.TransactionClient, link: PresentedLink) => {
    await recordAudit(tx, ctx, {
      eventType: "document.sharedWithPerson",
      targetType: "documentLink",
      targetId: linkRef(link.id),
      targetContext: document.id,
      payload: { email: input.email, role, requestedRole: input.role, expiredAt, renewed },
    });
    await sendSharedEmail(tx, ctx, { to: input.email, link, documentName: document.name, accountName: account.name });
  };
  await prepareEmailDelivery();
  const link = existing
    ? await updateDocumentLink(ctx, existing.id, { role, expiredAt }, { followUp })
    : await createDocumentLink(
        ctx,
        document.id,
        { name: input.email.slice(0, 100), role, expiredAt, isSecure: true, allowList: [input.email] },
        { followUp },
      );
  return { kind: "link", link: presentPersonalLink(link), capped: role !== input.role, renewed };
}

/**
 * The document's personal links (secure, allow list of exactly one address): the people outside
 * the workspace it is shared with, for the People tab. Needs the editor role, as every link list.
 */
export async function findPersonalLinks(ctx: ServiceContext, documentId: string): Promise<PersonalLink[]> {
  const links = await findDocumentLinks(ctx, documentId);
  return links.filter(isPersonalLink).map(presentPersonalLink);
}

/** Written in the link's transaction (`tx`), with its delivery job: an email that cannot be stored fails the share. */
async function sendSharedEmail(
  tx: Prisma.TransactionClient,
  ctx: ServiceContext,
  input: { to: string; link: PresentedLink; documentName: string; accountName: string },
) {
  // One after the other: a transaction's statements run on one connection.
  const recipient = await tx.user.findUnique({ where: { email: input.to }, select: { language: true } });
  const sharer = ctx.userId
    ? await tx.user.findUnique({ where: { id: ctx.userId }, select: { firstName: true, lastName: true, email: true } })
    : null;
  const locale = matchLocale(recipient?.language) ?? ctx.locale;
  const t = getTranslator(locale);
  await sendEmail(
    {
      to: input.to,
      template: "documentShared",
      locale,
      url: input.link.url,
      params: {
        name: sharer ? displayName(sharer) : input.accountName,
        account: input.accountName,
        document: input.documentName,
        role: t(`documents.roles.${input.link.role}`),
        email: input.to,
        // The recipient's time zone is unknown: the day in UTC.
        date: input.link.expiredAt ? formatDate(locale, input.link.expiredAt, { dateStyle: "long" }, "UTC") : "",
      },
    },
    { tx },
  );
}
