import type { ServiceContext } from "@/lib/auth/context";
import { recordAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db";
import { requireDocumentRole } from "@/lib/documents/access";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { enqueue, prepareJobs } from "@/lib/jobs/queue";
import { sealDocumentJob } from "./seal-document-job";
import { readSealingState, writeSealingState } from "./sealing-state";

/**
 * Seals a document again by hand (issue 16), after sealing failed: an owner of the document asks,
 * the sealing job is queued and the state becomes `sealing`, in one transaction (a process that
 * dies meanwhile leaves neither, issue 37); audited `document.sealRequested`.
 * ALREADY_SEALED when its latest version is its sealed copy, NOT_READY_TO_SEAL while a signer
 * has not signed. The job itself checks both again (it may run much later).
 */
export async function resealDocument(ctx: ServiceContext, documentId: string) {
  const { document } = await requireDocumentRole(ctx, documentId, "owner");
  const { accountId } = document;
  const latest = await db.documentContent.findFirst({
    where: { accountId, documentId: document.id },
    orderBy: { version: "desc" },
    select: { id: true },
  });
  if (latest && (await db.seal.findFirst({ where: { accountId, documentId: document.id, contentId: latest.id }, select: { id: true } })))
    throw new AppError(AppErrorCode.ALREADY_SEALED, { message: "This document is already sealed." });
  const signatures = await db.signature.findMany({
    where: { accountId, documentId: document.id },
    select: { signedAt: true, declinedAt: true },
  });
  if (!latest || signatures.length === 0 || signatures.some((s) => !s.signedAt || s.declinedAt))
    throw new AppError(AppErrorCode.NOT_READY_TO_SEAL, { message: "Every signer must sign before the document can be sealed." });
  const previous = readSealingState(document.metadata);
  const state = { state: "sealing" as const, attempts: previous?.attempts ?? 0, at: new Date().toISOString() };
  await prepareJobs();
  await db.$transaction(async (tx) => {
    await writeSealingState(tx, document, state);
    await recordAudit(tx, ctx, { eventType: "document.sealRequested", targetType: "document", targetId: document.id, payload: {} });
    await enqueue(sealDocumentJob, { documentId: document.id }, { tx });
  });
  return { documentId: document.id, state: state.state };
}
