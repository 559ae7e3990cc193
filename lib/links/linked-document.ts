import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { storedDocxToHtml } from "@/lib/documents/stored-file";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { storage } from "@/lib/storage/storage";
import { linkPermissions } from "./document-links";
import { linkContext, loadLiveLink, requireLinkAccess } from "./link-access";
import { sanitizeHtml } from "./sanitize-html";

/**
 * What a share-link visitor may read: the one document of the link, its latest version only.
 * Every call re-checks the token and the link (lib/links/link-access.ts).
 */

const missing = () => new AppError(AppErrorCode.NOT_FOUND, { message: "The document has no file." });

async function latestContent(documentId: string) {
  return db.documentContent.findFirst({
    where: { documentId },
    orderBy: { version: "desc" },
    select: { version: true, name: true, mimetype: true, size: true, path: true },
  });
}

/**
 * What the public page needs before any token: whether the link is open and secure, and the
 * workspace's name. LINK_EXPIRED otherwise. The document's name waits for validation.
 */
export async function getDocumentLinkGate(linkId: string) {
  const link = await loadLiveLink(linkId);
  return { isSecure: link.isSecure, account: { name: link.document.account.name } };
}

/**
 * The shared document for a visitor holding a link access token: name, status, the link's role
 * and permissions, the latest file's name and type, the files attached to it (names, types and
 * sizes; every link role reads attachments, spec section 6), and for a DOCX its HTML rendition
 * (sanitised; null for a PDF, which the page shows from the file).
 */
export async function getLinkedDocument(_ctx: ServiceContext, token: string | null) {
  const { link, role, email } = await requireLinkAccess(token);
  const [content, attachments] = await Promise.all([
    latestContent(link.documentId),
    db.documentAttachment.findMany({
      where: { accountId: link.accountId, documentId: link.documentId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, name: true, mimetype: true, size: true },
      take: 100,
    }),
  ]);
  if (!content) throw missing();
  const html = content.mimetype === "application/pdf" ? null : sanitizeHtml(await storedDocxToHtml(content.path));
  return {
    document: { id: link.document.id, name: link.document.name, status: link.document.status },
    account: { name: link.document.account.name },
    role,
    email,
    permissions: linkPermissions(role),
    canDownload: linkPermissions(role).includes("download"),
    file: { name: content.name, mimetype: content.mimetype, size: content.size, version: content.version },
    attachments,
    html,
  };
}

/**
 * The latest file of the shared document, streamed; audited as a download through the link,
 * unless it is shown in the visitor's page (`inline`).
 * Every link role may download: a reader sees the whole text anyway, and a PDF can only be
 * shown from its file (docs/share-links.md).
 */
export async function getLinkedDocumentFile(ctx: ServiceContext, token: string | null, options: { inline?: boolean } = {}) {
  const { link, role, email } = await requireLinkAccess(token);
  if (!linkPermissions(role).includes("download"))
    throw new AppError(AppErrorCode.FORBIDDEN, { message: "This link does not allow downloading." });
  const content = await latestContent(link.documentId);
  const stored = content ? await storage().get(content.path) : null;
  if (!content || !stored) throw missing();
  // The file shown in the visitor's page (`inline`) is not a download: their visit is `link.accessed`.
  if (!options.inline) {
    await recordAudit(db, linkContext(ctx, link), {
      eventType: "document.downloaded",
      targetType: "document",
      targetId: link.documentId,
      payload: { version: content.version, email },
    });
  }
  return { ...stored, mimetype: content.mimetype, fileName: content.name, version: content.version };
}

/** One file attached to the shared document, streamed; audited as an attachment download through the link. */
export async function getLinkedAttachmentFile(ctx: ServiceContext, token: string | null, attachmentId: string) {
  const { link, role, email } = await requireLinkAccess(token);
  if (!linkPermissions(role).includes("download"))
    throw new AppError(AppErrorCode.FORBIDDEN, { message: "This link does not allow downloading." });
  const attachment = await db.documentAttachment.findFirst({
    where: { id: attachmentId, accountId: link.accountId, documentId: link.documentId },
  });
  const stored = attachment ? await storage().get(attachment.path) : null;
  if (!attachment || !stored) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Attachment not found." });
  await recordAudit(db, linkContext(ctx, link), {
    eventType: "document.attachmentDownloaded",
    targetType: "document",
    targetId: link.documentId,
    payload: { attachmentId: attachment.id, name: attachment.name, email },
  });
  return { ...stored, mimetype: attachment.mimetype, fileName: attachment.name };
}
