import { db } from "@/lib/db";
import { lockRow } from "@/lib/database/lock-row";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { requireDocumentRole } from "@/lib/documents/access";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { assertSigningOpen } from "./request-signatures";
import { signerSettingsOf, type SignerSettings } from "./schemas";
import { publishSigningChange } from "./signing-events";
import { presentSignature } from "./signature-view";

type SignerInput = {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  message?: string;
  order?: number;
  partyId?: string | null;
  settings?: Partial<SignerSettings>;
};

const notFound = (what: string) => new AppError(AppErrorCode.NOT_FOUND, { message: `${what} not found.` });
const finished = () =>
  new AppError(AppErrorCode.CONFLICT, { message: "This signer has already signed or declined.", details: { reason: "signerFinished" } });

/** A party of the same document, or NOT_FOUND (another document's or workspace's party). */
async function checkParty(accountId: string, documentId: string, partyId: string | null | undefined) {
  if (!partyId) return;
  const party = await db.party.findFirst({ where: { id: partyId, accountId, documentId }, select: { id: true } });
  if (!party) throw notFound("Party");
}

/** Adds a signer to a document (editor); not requested yet. Audited `signature.created`. */
export async function addSigner(ctx: ServiceContext, documentId: string, input: SignerInput & { email: string }) {
  const { document } = await requireDocumentRole(ctx, documentId, "editor");
  await checkParty(document.accountId, document.id, input.partyId);
  await assertSigningOpen(db, document);
  const row = await db.$transaction(async (tx) => {
    const created = await tx.signature.create({
      data: {
        accountId: document.accountId,
        documentId: document.id,
        partyId: input.partyId ?? null,
        firstName: input.firstName ?? "",
        lastName: input.lastName ?? "",
        email: input.email.toLowerCase(),
        phone: input.phone,
        message: input.message,
        order: input.order ?? 1,
        settings: signerSettingsOf(input.settings ?? {}) as Prisma.InputJsonValue,
        createdById: ctx.userId,
      },
    });
    await recordAudit(tx, ctx, {
      eventType: "signature.created",
      targetType: "signature",
      targetId: created.id,
      targetContext: document.id,
      payload: { email: created.email, order: created.order },
    });
    return created;
  });
  publishSigningChange(document.accountId, document.id, row.id, "changed");
  return presentSignature(row);
}

/**
 * Changes a signer who has not signed or declined yet (editor). Audited `signature.updated`. The
 * settings sent are merged into the stored ones read under the signer row's lock, so two editors
 * changing different settings at once both keep theirs.
 */
export async function updateSigner(ctx: ServiceContext, signatureId: string, input: SignerInput) {
  const signer = await loadSigner(ctx, signatureId);
  if (signer.signedAt || signer.declinedAt) throw finished();
  await checkParty(signer.accountId, signer.documentId, input.partyId);
  // A new address ends the link sent to the old one: the request is made again by the owner.
  const emailChanged = input.email !== undefined && input.email.toLowerCase() !== signer.email;
  const row = await db.$transaction(async (tx) => {
    let settings: SignerSettings | undefined;
    if (input.settings) {
      await lockRow(tx, "Signature", signer.id);
      const current = await tx.signature.findUniqueOrThrow({ where: { id: signer.id }, select: { settings: true } });
      settings = signerSettingsOf({ ...signerSettingsOf(current.settings), ...input.settings });
    }
    const updated = await tx.signature.update({
      where: { id: signer.id },
      data: {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email?.toLowerCase(),
        phone: input.phone,
        message: input.message,
        order: input.order,
        partyId: input.partyId === undefined ? undefined : input.partyId,
        settings: settings as Prisma.InputJsonValue | undefined,
        ...(emailChanged ? { requestedAt: null } : {}),
      },
    });
    await recordAudit(tx, ctx, {
      eventType: "signature.updated",
      targetType: "signature",
      targetId: signer.id,
      targetContext: signer.documentId,
      payload: { email: updated.email, order: updated.order, emailChanged },
    });
    return updated;
  });
  publishSigningChange(signer.accountId, signer.documentId, signer.id, "changed");
  return presentSignature(row);
}

/** Removes a signer who has not signed (editor); their link ends. Audited `signature.removed`. */
export async function removeSigner(ctx: ServiceContext, signatureId: string) {
  const signer = await loadSigner(ctx, signatureId);
  if (signer.signedAt) throw finished();
  await db.$transaction(async (tx) => {
    await tx.signature.delete({ where: { id: signer.id } });
    await recordAudit(tx, ctx, {
      eventType: "signature.removed",
      targetType: "signature",
      targetId: signer.id,
      targetContext: signer.documentId,
      payload: { email: signer.email },
    });
  });
  publishSigningChange(signer.accountId, signer.documentId, signer.id, "changed");
  return { id: signer.id };
}

/** The signer, in the caller's workspace, on a document the caller may edit; NOT_FOUND otherwise. */
export async function loadSigner(ctx: ServiceContext, signatureId: string, role: "reader" | "editor" = "editor") {
  const signer = ctx.accountId ? await db.signature.findFirst({ where: { id: signatureId, accountId: ctx.accountId } }) : null;
  if (!signer) throw notFound("Signer");
  await requireDocumentRole(ctx, signer.documentId, role);
  return signer;
}
