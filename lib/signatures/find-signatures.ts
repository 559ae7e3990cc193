import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { requireDocumentRole } from "@/lib/documents/access";
import { presentParty, presentPlaceholder, signingSettingsOf } from "./signature-view";
import { presentSignersWithDeliveries } from "./signer-deliveries";

/** A document's signers in order, with their state and times, and their emails' delivery and open status (reader). */
export async function findSignatures(ctx: ServiceContext, documentId: string) {
  const { document } = await requireDocumentRole(ctx, documentId, "reader");
  const rows = await db.signature.findMany({
    where: { accountId: document.accountId, documentId: document.id },
    orderBy: [{ order: "asc" }, { createdAt: "asc" }],
  });
  return presentSignersWithDeliveries(rows);
}

/** A document's parties in order (reader). */
export async function findParties(ctx: ServiceContext, documentId: string) {
  const { document } = await requireDocumentRole(ctx, documentId, "reader");
  const rows = await db.party.findMany({
    where: { accountId: document.accountId, documentId: document.id },
    orderBy: [{ order: "asc" }, { createdAt: "asc" }],
  });
  return rows.map(presentParty);
}

/** Where each signer signs, initials or fills a field on the pages (reader). */
export async function findSignaturePlaceholders(ctx: ServiceContext, documentId: string) {
  const { document } = await requireDocumentRole(ctx, documentId, "reader");
  const rows = await db.signaturePlaceholder.findMany({
    where: { accountId: document.accountId, documentId: document.id },
    orderBy: [{ order: "asc" }, { createdAt: "asc" }],
  });
  return rows.map(presentPlaceholder);
}

/** The document's signing settings: ordered or parallel, and whether signing waits for approvals (reader). */
export async function getSigningSettings(ctx: ServiceContext, documentId: string) {
  const { document } = await requireDocumentRole(ctx, documentId, "reader");
  const row = await db.document.findUniqueOrThrow({ where: { id: document.id }, select: { settings: true, status: true } });
  return { documentId: document.id, status: row.status, ...signingSettingsOf(row.settings) };
}
