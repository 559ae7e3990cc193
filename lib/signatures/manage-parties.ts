import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { requireDocumentRole } from "@/lib/documents/access";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { publishSigningChange } from "./signing-events";
import { presentParty } from "./signature-view";

const partyNotFound = () => new AppError(AppErrorCode.NOT_FOUND, { message: "Party not found." });

/** Adds a party (a side of the contract) to a document (editor); audited `party.created`. */
export async function createParty(ctx: ServiceContext, documentId: string, input: { name: string; order?: number }) {
  const { document } = await requireDocumentRole(ctx, documentId, "editor");
  const row = await db.$transaction(async (tx) => {
    const count = await tx.party.count({ where: { accountId: document.accountId, documentId: document.id } });
    const created = await tx.party.create({
      data: { accountId: document.accountId, documentId: document.id, name: input.name, order: input.order ?? count + 1 },
    });
    await recordAudit(tx, ctx, {
      eventType: "party.created",
      targetType: "document",
      targetId: document.id,
      payload: { partyId: created.id, name: created.name },
    });
    return created;
  });
  return presentParty(row);
}

/** Renames or reorders a party (editor of its document); audited `party.updated`. */
export async function updateParty(ctx: ServiceContext, partyId: string, input: { name?: string; order?: number }) {
  const party = await loadParty(ctx, partyId);
  const row = await db.$transaction(async (tx) => {
    const updated = await tx.party.update({ where: { id: party.id }, data: { name: input.name, order: input.order } });
    await recordAudit(tx, ctx, {
      eventType: "party.updated",
      targetType: "document",
      targetId: party.documentId,
      payload: { partyId: party.id, ...input },
    });
    return updated;
  });
  return presentParty(row);
}

/** Removes a party; its signers stay, without a party (editor); audited `party.deleted`. */
export async function deleteParty(ctx: ServiceContext, partyId: string) {
  const party = await loadParty(ctx, partyId);
  await db.$transaction(async (tx) => {
    await tx.party.delete({ where: { id: party.id } });
    await recordAudit(tx, ctx, {
      eventType: "party.deleted",
      targetType: "document",
      targetId: party.documentId,
      payload: { partyId: party.id, name: party.name },
    });
  });
  publishSigningChange(party.accountId, party.documentId, party.id, "changed");
  return { id: party.id };
}

/** The party, in the caller's workspace, on a document they may edit; NOT_FOUND otherwise. */
async function loadParty(ctx: ServiceContext, partyId: string) {
  const party = ctx.accountId ? await db.party.findFirst({ where: { id: partyId, accountId: ctx.accountId } }) : null;
  if (!party) throw partyNotFound();
  await requireDocumentRole(ctx, party.documentId, "editor");
  return party;
}
