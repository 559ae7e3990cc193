import { db } from "@/lib/db";
import type { DocumentLink, Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { randomToken } from "@/lib/auth/crypto";
import { accountScope } from "@/lib/accounts/scope";
import { documentAbilities, requireDocumentRole } from "@/lib/documents/access";
import { appUrl } from "@/lib/email/send-email";
import { AppError, AppErrorCode, isAppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/http/parse-input";
import type { z } from "zod";
import { WITH_FOLLOW_UPS } from "@/lib/jobs/job";
import { isLinkExpired, linkRef } from "./link-access";
import { createLinkSchema, LINK_MAX_LIFETIME_DAYS, LINKS_PER_DOCUMENT_MAX, type updateLinkSchema } from "./schemas";

/**
 * Share links of a document (spec DocumentLink). Managing them is the "shares" right of the
 * editor role (spec section 6); the link itself gives at most reviewer. The id is the secret in
 * the URL (32 random URL-safe characters), see docs/share-links.md.
 */

/** The public address of a link. */
export const linkUrl = (linkId: string) => `${appUrl()}/s/${linkId}`;

/** What a link's role lets its visitor do (spec field `permissions`). */
export function linkPermissions(role: DocumentLink["role"]): string[] {
  const abilities = documentAbilities(role);
  return [
    ...(abilities.view ? ["view", "download"] : []),
    ...(abilities.comment ? ["comment"] : []),
    ...(abilities.suggest ? ["suggest"] : []),
  ];
}

/** A link as screens and APIs show it: with its address, isExpired and permissions. */
export function presentLink(link: DocumentLink, now = new Date()) {
  return { ...link, url: linkUrl(link.id), isExpired: isLinkExpired(link, now), permissions: linkPermissions(link.role) };
}
export type PresentedLink = ReturnType<typeof presentLink>;

const notFound = () => new AppError(AppErrorCode.NOT_FOUND, { message: "Link not found." });

function expiryDate(value: string | null | undefined): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const date = new Date(value);
  if (date.getTime() <= Date.now()) {
    throw new AppError(AppErrorCode.VALIDATION_FAILED, {
      message: "The expiry must be in the future.",
      params: { fields: "expiredAt" },
      details: { fields: [{ path: "expiredAt", code: "past", message: "The expiry must be in the future." }] },
    });
  }
  if (date.getTime() > Date.now() + LINK_MAX_LIFETIME_DAYS * 86_400_000) {
    throw new AppError(AppErrorCode.VALIDATION_FAILED, {
      message: "The expiry is too far away.",
      params: { fields: "expiredAt" },
      details: { fields: [{ path: "expiredAt", code: "too_far", message: "The expiry is too far away." }] },
    });
  }
  return date;
}

/** Lists only restrict who confirms an address, so they need a secure link. */
function assertListsNeedSecure(settings: { isSecure: boolean; allowList: string[]; denyList: string[] }) {
  if (!settings.isSecure && (settings.allowList.length || settings.denyList.length)) {
    throw new AppError(AppErrorCode.VALIDATION_FAILED, {
      message: "Allow and deny lists need a secure link.",
      params: { fields: "isSecure" },
      details: { fields: [{ path: "isSecure", code: "lists_need_secure", message: "Allow and deny lists need a secure link." }] },
    });
  }
}

/** A link of the caller's account, with the caller's role on its document checked (editor). */
async function requireLink(ctx: ServiceContext, linkId: string) {
  const { accountId } = accountScope(ctx);
  const link = linkId.length <= 64 ? await db.documentLink.findFirst({ where: { id: linkId, accountId } }) : null;
  if (!link) throw notFound();
  try {
    await requireDocumentRole(ctx, link.documentId, "editor");
  } catch (error) {
    // Someone who cannot see the document does not learn that the link exists.
    if (isAppError(error) && error.code === AppErrorCode.NOT_FOUND) throw notFound();
    throw error;
  }
  return link;
}

const auditPayload = (link: DocumentLink, extra: Record<string, unknown> = {}): Prisma.InputJsonValue => ({
  documentId: link.documentId,
  name: link.name,
  role: link.role,
  expiredAt: link.expiredAt?.toISOString() ?? null,
  isSecure: link.isSecure,
  allowList: link.allowList.length,
  denyList: link.denyList.length,
  ...extra,
});

/**
 * What a caller writes in the link's own transaction, after the link and its audit: the email
 * that announces it (issue 37), so that both commit or neither does.
 */
export type LinkFollowUp = (tx: Prisma.TransactionClient, link: PresentedLink) => Promise<void>;

/**
 * Creates a share link on a document. Needs the editor role on it (NOT_FOUND when the caller
 * cannot see it, FORBIDDEN with a lesser role); VALIDATION_FAILED for a past expiry, bad list
 * entries, or lists on a link that is not secure; LIMIT_EXCEEDED past LINKS_PER_DOCUMENT_MAX.
 */
export async function createDocumentLink(
  ctx: ServiceContext,
  documentId: string,
  input: z.output<typeof createLinkSchema>,
  options: { followUp?: LinkFollowUp } = {},
): Promise<PresentedLink> {
  const { accountId } = accountScope(ctx);
  const { document } = await requireDocumentRole(ctx, documentId, "editor");
  const settings = { isSecure: input.isSecure ?? false, allowList: input.allowList ?? [], denyList: input.denyList ?? [] };
  assertListsNeedSecure(settings);
  const expiredAt = expiryDate(input.expiredAt) ?? null;
  const link = await db.$transaction(async (tx) => {
    const count = await tx.documentLink.count({ where: { accountId, documentId: document.id } });
    if (count >= LINKS_PER_DOCUMENT_MAX) {
      throw new AppError(AppErrorCode.LIMIT_EXCEEDED, {
        message: `A document may have at most ${LINKS_PER_DOCUMENT_MAX} links.`,
        params: { max: LINKS_PER_DOCUMENT_MAX },
      });
    }
    const created = await tx.documentLink.create({
      data: {
        id: randomToken(24),
        accountId,
        documentId: document.id,
        createdById: ctx.userId,
        name: input.name,
        role: input.role ?? "reader",
        expiredAt,
        ...settings,
      },
    });
    await recordAudit(tx, ctx, {
      eventType: "link.created",
      targetType: "documentLink",
      targetId: linkRef(created.id),
      targetContext: document.id,
      payload: auditPayload(created),
    });
    if (options.followUp) await options.followUp(tx, presentLink(created));
    return created;
  }, followUpOptions(options));
  return presentLink(link);
}

/** The links of a document, newest first. Needs the editor role on it. */
export async function findDocumentLinks(ctx: ServiceContext, documentId: string): Promise<PresentedLink[]> {
  const { accountId } = accountScope(ctx);
  const { document } = await requireDocumentRole(ctx, documentId, "editor");
  const links = await db.documentLink.findMany({
    where: { accountId, documentId: document.id },
    orderBy: { createdAt: "desc" },
    take: LINKS_PER_DOCUMENT_MAX,
  });
  const now = new Date();
  return links.map((link) => presentLink(link, now));
}

const followUpOptions = (options: { followUp?: LinkFollowUp }) => (options.followUp ? WITH_FOLLOW_UPS : undefined);

/** One link. Needs the editor role on its document; another account's is NOT_FOUND. */
export async function getDocumentLink(ctx: ServiceContext, linkId: string): Promise<PresentedLink> {
  return presentLink(await requireLink(ctx, linkId));
}

/**
 * Updates a link's settings (the context menu's "Update settings"): name, role, expiry, secure,
 * lists. Same rules as creating; the result must still respect them as a whole.
 */
export async function updateDocumentLink(
  ctx: ServiceContext,
  linkId: string,
  input: z.output<typeof updateLinkSchema>,
  options: { followUp?: LinkFollowUp } = {},
): Promise<PresentedLink> {
  const link = await requireLink(ctx, linkId);
  const expiredAt = expiryDate(input.expiredAt);
  assertListsNeedSecure({
    isSecure: input.isSecure ?? link.isSecure,
    allowList: input.allowList ?? link.allowList,
    denyList: input.denyList ?? link.denyList,
  });
  const updated = await db.$transaction(async (tx) => {
    const row = await tx.documentLink.update({
      where: { id: link.id },
      data: {
        name: input.name,
        role: input.role,
        expiredAt,
        isSecure: input.isSecure,
        allowList: input.allowList,
        denyList: input.denyList,
      },
    });
    await recordAudit(tx, ctx, {
      eventType: "link.updated",
      targetType: "documentLink",
      targetId: linkRef(link.id),
      targetContext: link.documentId,
      payload: auditPayload(row, { fields: Object.keys(input) }),
    });
    if (options.followUp) await options.followUp(tx, presentLink(row));
    return row;
  }, followUpOptions(options));
  return presentLink(updated);
}

/**
 * Creates a link on `documentId` (the settings are then createLink's: a name is required), or,
 * when `id` names one of that document's links, updates it. A link of another document, or one
 * the caller cannot manage, is NOT_FOUND, as in upsertRelation.
 */
export async function upsertDocumentLink(
  ctx: ServiceContext,
  documentId: string,
  input: z.output<typeof updateLinkSchema> & { id?: string | null },
) {
  const { id, ...settings } = input;
  // Kept: upsert's schema (updateLink's) leaves name optional; creating needs createLinkSchema's name: MISSING_PARAMETER.
  if (!id) return createDocumentLink(ctx, documentId, parseInput(createLinkSchema, settings, "upsertLink"));
  const link = await requireLink(ctx, id);
  if (link.documentId !== documentId) throw notFound();
  return updateDocumentLink(ctx, link.id, settings);
}

/**
 * Deletes links (the context menu's "Remove"), all or none: NOT_FOUND for any id the caller
 * cannot manage. Every token issued through them stops working at once.
 */
export async function deleteDocumentLinks(ctx: ServiceContext, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const links: DocumentLink[] = [];
  for (const id of unique) links.push(await requireLink(ctx, id));
  await db.$transaction(async (tx) => {
    await tx.documentLink.deleteMany({ where: { id: { in: links.map((l) => l.id) }, accountId: accountScope(ctx).accountId } });
    for (const link of links) {
      await recordAudit(tx, ctx, {
        eventType: "link.deleted",
        targetType: "documentLink",
        targetId: linkRef(link.id),
        targetContext: link.documentId,
        payload: auditPayload(link),
      });
    }
  });
  return unique;
}

/** Deletes one link. */
export async function deleteDocumentLink(ctx: ServiceContext, linkId: string): Promise<string> {
  return (await deleteDocumentLinks(ctx, [linkId]))[0];
}
