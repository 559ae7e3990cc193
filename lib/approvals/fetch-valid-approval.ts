import { db } from "@/lib/db";
import type { Approval } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { dataStoreDefaults, readDataStoreOf } from "@/lib/datastore/data-store";
import { storedDocxToHtml } from "@/lib/documents/stored-file";
import { uploadMaxBytes } from "@/lib/files/upload-limits";
import type { Variable } from "@/lib/templates/variables";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { sanitizeHtml } from "@/lib/links/sanitize-html";
import { requireReviewerApproval } from "./approval-access";
import { publishApprovalEvents } from "./approval-events";
import { lockDocumentRow } from "@/lib/database/lock-row";
import { modificationKind } from "./revise-approval-document";
import { approvalMetadataOf, approvalProcessOf, approvalSettingsOf, presentApproval } from "./schemas";

/** What the reviewer's editor needs (allowModification): how they change the document, and for field values the template's fields. */
export type ApprovalModification = {
  kind: "values" | "file";
  templateName: string | null;
  variables: Variable[];
  currency: string | null;
  globals: Record<string, string>;
  values: Record<string, unknown>;
  files: Record<string, string>;
  maxUploadBytes: number;
};

async function modificationOf(document: {
  id: string;
  accountId: string;
  templateId: string | null;
  variables: unknown;
}): Promise<ApprovalModification> {
  const base = { templateName: null, variables: [], currency: null, globals: {}, values: {}, files: {}, maxUploadBytes: uploadMaxBytes() };
  if ((await modificationKind(document)) === "file") return { kind: "file", ...base };
  const [template, attachments, dataStore] = await Promise.all([
    db.template.findFirstOrThrow({ where: { id: document.templateId!, accountId: document.accountId } }),
    db.documentAttachment.findMany({
      where: { accountId: document.accountId, documentId: document.id, variable: { not: null } },
      select: { variable: true, name: true },
    }),
    readDataStoreOf(document.accountId),
  ]);
  const variables = template.variables as Variable[];
  return {
    ...base,
    kind: "values",
    templateName: template.name,
    variables,
    currency: template.currency,
    globals: dataStoreDefaults(variables, dataStore),
    values: ((document.variables as { values?: Record<string, unknown> }).values ?? {}) as Record<string, unknown>,
    files: Object.fromEntries(attachments.map((a) => [a.variable!, a.name])),
  };
}

/**
 * What the reviewer's screen (/review?signed=…) shows, for a valid token only (spec
 * fetchValidApproval): their approval and its settings, the document's name and status, the
 * workspace's name, the latest version's file details and, for a Word file, its sanitised HTML
 * rendition (a PDF is shown from approvalFile); with allowModification, what the reviewer's editor
 * needs (`modification`: field values or a revised file). The first opening is audited approval.viewed.
 * Its `viewedAt` is written like every other change of the approval's metadata, with the
 * document's row locked and the approval read again: it keeps what a decision, a new request or a
 * revision wrote since the token was checked, and two openings at once audit it once.
 */
export async function fetchValidApproval(ctx: ServiceContext) {
  const { approval } = await requireReviewerApproval(ctx);
  const [document, content] = await Promise.all([
    db.document.findFirstOrThrow({
      where: { id: approval.documentId, accountId: approval.accountId },
      select: {
        id: true,
        accountId: true,
        name: true,
        status: true,
        settings: true,
        templateId: true,
        variables: true,
        account: { select: { name: true } },
      },
    }),
    db.documentContent.findFirst({
      where: { accountId: approval.accountId, documentId: approval.documentId },
      orderBy: { version: "desc" },
      select: { version: true, name: true, mimetype: true, size: true, path: true },
    }),
  ]);
  if (!content) throw new AppError(AppErrorCode.NOT_FOUND, { message: "The document has no file." });
  let current: Approval = approval;
  if (!approvalMetadataOf(approval.metadata).viewedAt) {
    const viewed = await db.$transaction(async (tx) => {
      await lockDocumentRow(tx, approval.documentId);
      const fresh = await tx.approval.findUniqueOrThrow({ where: { id: approval.id } });
      if (approvalMetadataOf(fresh.metadata).viewedAt) return { row: fresh, isFirst: false };
      const row = await tx.approval.update({
        where: { id: approval.id },
        data: { metadata: { ...approvalMetadataOf(fresh.metadata), viewedAt: new Date().toISOString() } },
      });
      await recordAudit(tx, ctx, {
        eventType: "approval.viewed",
        targetType: "document",
        targetId: approval.documentId,
        payload: { approvalId: approval.id, email: approval.email },
      });
      return { row, isFirst: true };
    });
    current = viewed.row;
    if (viewed.isFirst) {
      publishApprovalEvents(approval.accountId, approval.documentId, [{ id: approval.id, state: "viewed" }]);
    }
  }
  const isPdf = content.mimetype === "application/pdf";
  return {
    modification: approvalSettingsOf(approval.settings).allowModification ? await modificationOf(document) : null,
    approval: presentApproval(current),
    document: { id: document.id, name: document.name, status: document.status, approvalProcess: approvalProcessOf(document.settings) },
    account: { name: document.account.name },
    file: { name: content.name, mimetype: content.mimetype, size: content.size, version: content.version },
    html: isPdf ? null : sanitizeHtml(await storedDocxToHtml(content.path)),
  };
}
