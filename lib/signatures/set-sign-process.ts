import { db } from "@/lib/db";
import { lockDocumentRow } from "@/lib/database/lock-row";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { requireDocumentRole } from "@/lib/documents/access";
import type { SignProcess } from "./schemas";
import { signingSettingsOf } from "./signature-view";

/**
 * Sets how the document's signers sign (Document.settings.signProcess): `ordered`, by their
 * order, or `parallel`, all at once; and optionally whether signing waits for every approval.
 * Needs editor; audited `document.signProcessChanged`. The other settings (the approval process)
 * are read and kept under the document row's lock, which their own writes hold too.
 */
export async function setSignProcess(
  ctx: ServiceContext,
  documentId: string,
  input: { signProcess: SignProcess; signAfterApproval?: boolean },
) {
  const { document } = await requireDocumentRole(ctx, documentId, "editor");
  return db.$transaction(async (tx) => {
    await lockDocumentRow(tx, document.id);
    const row = await tx.document.findUniqueOrThrow({ where: { id: document.id }, select: { settings: true, status: true } });
    const current = (row.settings && typeof row.settings === "object" ? row.settings : {}) as Record<string, unknown>;
    const settings = {
      ...current,
      signProcess: input.signProcess,
      ...(input.signAfterApproval !== undefined ? { signAfterApproval: input.signAfterApproval } : {}),
    };
    await tx.document.update({ where: { id: document.id }, data: { settings: settings as Prisma.InputJsonValue } });
    await recordAudit(tx, ctx, { eventType: "document.signProcessChanged", targetType: "document", targetId: document.id, payload: input });
    return { documentId: document.id, status: row.status, ...signingSettingsOf(settings) };
  });
}
