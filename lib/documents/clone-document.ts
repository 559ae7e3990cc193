import type { Prisma } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { getTranslator } from "@/lib/i18n/messages";
import { requireDocumentRole } from "./access";
import { attachmentExt } from "./attachment-keys";
import type { PreparedAttachment } from "./field-uploads";
import { insertDocuments } from "./insert-documents";
import { readStored } from "./stored-file";

/**
 * Copies a document (its latest version, details, tags and attachments) as "<name> (copy)" in
 * the caller's language; the caller owns the copy. Needs reader on the source.
 */
export async function cloneDocument(ctx: ServiceContext, documentId: string) {
  const { document } = await requireDocumentRole(ctx, documentId, "reader", {
    tags: { select: { id: true } },
    contents: { orderBy: { version: "desc" }, take: 1 },
    attachments: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
  });
  const source = document as typeof document & {
    tags: { id: string }[];
    contents: { path: string; name: string; mimetype: string; text: string; delimiters: string | null }[];
    attachments: { path: string; name: string; mimetype: string; variable: string | null }[];
  };
  const latest = source.contents[0];
  if (!latest) throw new AppError(AppErrorCode.NOT_FOUND, { message: "The file is missing." });
  const bytes = await readStored(latest.path);
  const attachments: PreparedAttachment[] = [];
  for (const attachment of source.attachments) {
    attachments.push({
      name: attachment.name,
      mimetype: attachment.mimetype,
      ext: attachmentExt(attachment.mimetype),
      variable: attachment.variable,
      bytes: await readStored(attachment.path),
    });
  }
  const [copy] = await insertDocuments(ctx, [
    {
      fields: {
        description: source.description,
        language: source.language,
        jurisdiction: source.jurisdiction,
        risk: source.risk,
        complexity: source.complexity,
        priority: source.priority,
        value: source.value === null ? null : Number(source.value),
        currency: source.currency,
        startedAt: source.startedAt?.toISOString() ?? null,
        endedAt: source.endedAt?.toISOString() ?? null,
        renewalAt: source.renewalAt?.toISOString() ?? null,
        categoryId: source.categoryId,
        folderId: source.folderId,
        tagIds: source.tags.map((t) => t.id),
      },
      name: getTranslator(ctx.locale)("documents.copyName", { name: source.name }).slice(0, 200),
      templateId: source.templateId,
      variables: source.variables as Prisma.InputJsonValue,
      file: {
        bytes,
        ext: latest.mimetype === "application/pdf" ? "pdf" : "docx",
        mimetype: latest.mimetype,
        name: latest.name,
        text: latest.text,
        delimiters: latest.delimiters,
      },
      attachments,
      auditEvent: "document.cloned",
      auditPayload: { from: source.id },
    },
  ]);
  return copy;
}
