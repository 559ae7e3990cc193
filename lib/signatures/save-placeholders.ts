import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { requireDocumentRole } from "@/lib/documents/access";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import type { PlaceholderInput } from "./schemas";
import { publishSigningChange } from "./signing-events";
import { presentPlaceholder } from "./signature-view";

/** At most this many boxes on one document. */
export const MAX_PLACEHOLDERS = 500;

/**
 * Replaces the document's placeholders with `boxes` (the placement editor saves them all at
 * once): each belongs to a signer of this document (NOT_FOUND otherwise), and a signer who has
 * signed keeps theirs as they were. Needs editor; audited `signature.placeholdersSaved`.
 */
export async function saveSignaturePlaceholders(ctx: ServiceContext, documentId: string, boxes: PlaceholderInput[]) {
  const { document } = await requireDocumentRole(ctx, documentId, "editor");
  if (boxes.length > MAX_PLACEHOLDERS)
    throw new AppError(AppErrorCode.VALIDATION_FAILED, {
      message: `At most ${MAX_PLACEHOLDERS} boxes.`,
      params: { fields: "placeholders" },
    });
  const scope = { accountId: document.accountId, documentId: document.id };
  const signers = await db.signature.findMany({ where: scope, select: { id: true, signedAt: true } });
  const known = new Map(signers.map((s) => [s.id, s]));
  if (boxes.some((box) => !known.has(box.signatureId))) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Signer not found." });
  const done = signers.filter((s) => s.signedAt).map((s) => s.id);
  const rows = await db.$transaction(async (tx) => {
    await tx.signaturePlaceholder.deleteMany({ where: { ...scope, OR: [{ signatureId: null }, { signatureId: { notIn: done } }] } });
    const open = boxes.filter((box) => !done.includes(box.signatureId));
    await tx.signaturePlaceholder.createMany({
      data: open.map((box, index) => ({
        ...scope,
        signatureId: box.signatureId,
        keyName: box.kind === "field" ? box.keyName : box.kind,
        order: index + 1,
        settings: {
          page: box.page,
          x: box.x,
          y: box.y,
          width: box.width,
          height: box.height,
          kind: box.kind,
          required: box.required,
          ...(box.kind === "field" ? { fieldType: box.fieldType ?? "text" } : {}),
        } as Prisma.InputJsonValue,
      })),
    });
    await recordAudit(tx, ctx, {
      eventType: "signature.placeholdersSaved",
      targetType: "document",
      targetId: document.id,
      payload: { count: open.length },
    });
    return tx.signaturePlaceholder.findMany({ where: scope, orderBy: [{ order: "asc" }, { createdAt: "asc" }] });
  });
  publishSigningChange(document.accountId, document.id, document.id, "changed");
  return rows.map(presentPlaceholder);
}
