import { randomUUID } from "node:crypto";
import { lockDocumentRow } from "@/lib/database/lock-row";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * Where a new version's file is stored: a key of its own for each write (a random part, not the
 * version's number, which is only known inside the write's transaction). Two versions written at
 * once cannot overwrite each other's file, and a write that fails deletes only its own.
 */
export const newVersionFileKey = (accountId: string, documentId: string, ext: string) =>
  `accounts/${accountId}/documents/${documentId}/v-${randomUUID().replace(/-/g, "")}.${ext}`;

/**
 * The number of the document's next version, taken in `tx` under a lock on the document's row,
 * so versions written at once (two people, two app processes) are numbered one after the other.
 * Read before the transaction, both took the same number: one failed on (documentId, version)
 * and, the key being the number, deleted the file the other had just committed
 * (tests/integration/documents/concurrent-versions.test.ts).
 */
export async function nextVersionNumber(tx: Prisma.TransactionClient, documentId: string): Promise<number> {
  await lockDocumentRow(tx, documentId);
  const last = await tx.documentContent.findFirst({ where: { documentId }, orderBy: { version: "desc" }, select: { version: true } });
  return (last?.version ?? 0) + 1;
}
