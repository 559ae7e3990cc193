import { Prisma } from "@/lib/generated/prisma/client";

/** The tables whose rows a service locks before changing their JSON; a fixed list, never a caller's text. */
const LOCKABLE_TABLES = ["Account", "User", "Document", "Signature", "Template"] as const;
export type LockableTable = (typeof LOCKABLE_TABLES)[number];

/**
 * Locks the row (`SELECT … FOR UPDATE`) until `tx` ends, before a read-modify-write of its JSON
 * columns (metadata, settings, brand…): a second write of the same row waits for this one's commit
 * and then reads what it wrote, so neither drops the other's keys. A plain read, then a write of
 * the whole JSON, let two writes at once both read the old value (docs/storage.md, "Writes at the
 * same time"). Read the row after this call, in the same transaction.
 */
export async function lockRow(tx: Pick<Prisma.TransactionClient, "$queryRaw">, table: LockableTable, id: string): Promise<void> {
  // The type already allows only these names; the check keeps a cast from reaching the SQL text.
  if (!(LOCKABLE_TABLES as readonly string[]).includes(table)) throw new Error(`lockRow: unknown table ${table}`);
  await tx.$queryRaw`SELECT 1 FROM ${Prisma.raw(`"${table}"`)} WHERE id = ${id} FOR UPDATE`;
}

/**
 * Locks the document's row until `tx` ends: the changes that must not interleave on one document
 * (its next version's number, approval decisions, the one-owner-left check of its policies, the
 * duplicate check of its relations, the count of its attachments, its signers' first views) run
 * one after the other.
 */
export const lockDocumentRow = (tx: Pick<Prisma.TransactionClient, "$queryRaw">, documentId: string) => lockRow(tx, "Document", documentId);
