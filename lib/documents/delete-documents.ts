import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { storage } from "@/lib/storage/storage";
import { requireDocumentRole } from "./access";

/** Deletes documents, all or none; each needs the owner role. Files go after the rows. */
export async function deleteDocuments(ctx: ServiceContext, ids: string[]) {
  const { accountId } = accountScope(ctx);
  const unique = [...new Set(ids)];
  for (const documentId of unique) await requireDocumentRole(ctx, documentId, "owner");
  // Every file of theirs goes: versions, their PDF renditions and the attachments.
  const [contents, attachments] = await Promise.all([
    db.documentContent.findMany({ where: { accountId, documentId: { in: unique } }, select: { path: true, metadata: true } }),
    db.documentAttachment.findMany({ where: { accountId, documentId: { in: unique } }, select: { path: true } }),
  ]);
  const keys = [
    ...contents.flatMap((c) => [c.path, (c.metadata as { pdfPath?: string } | null)?.pdfPath].filter((key): key is string => !!key)),
    ...attachments.map((a) => a.path),
  ];
  await db.$transaction(async (tx) => {
    const found = await tx.document.findMany({ where: { accountId, id: { in: unique } }, select: { id: true, name: true } });
    await tx.document.deleteMany({ where: { accountId, id: { in: unique } } });
    for (const doc of found)
      await recordAudit(tx, ctx, { eventType: "document.deleted", targetType: "document", targetId: doc.id, payload: { name: doc.name } });
  });
  await Promise.all(keys.map((key) => storage().delete(key)));
  return unique;
}
