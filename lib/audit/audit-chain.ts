import { createHash } from "node:crypto";
import { z } from "zod";

/**
 * The audit trail as a hash chain (issue 16, evidence; docs/audit-chain.md). The database's
 * audit_chain trigger gives every new Audit row its place in its account's chain (`sequence`),
 * the previous row's hash and its own: sha256 of `chainText`. This file holds the same text in
 * TypeScript, the export's row shape, and the verifier, which needs nothing but an export.
 */
export const AUDIT_EXPORT_FORMAT = "covenant-audit-chain/1";

/** One exported row. `payload` is the event's details as the database wrote them (JSON text), because the hash covers that exact text. */
export const chainRowSchema = z.object({
  sequence: z.number().int().positive(),
  id: z.string(),
  accountId: z.string().nullable(),
  userId: z.string().nullable(),
  toUserId: z.string().nullable(),
  eventType: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  targetContext: z.string().nullable(),
  payload: z.string(),
  via: z.string(),
  viaId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** ISO 8601 in UTC with milliseconds. */
  createdAt: z.string(),
  previousHash: z.string().nullable(),
  hash: z.string(),
});
export type ChainRow = z.infer<typeof chainRowSchema>;

export const auditExportSchema = z.object({
  format: z.literal(AUDIT_EXPORT_FORMAT),
  accountId: z.string(),
  exportedAt: z.string(),
  rows: z.array(chainRowSchema),
});
export type AuditExport = z.infer<typeof auditExportSchema>;

/** The export in `text`, or null when it is not one (not JSON, or not the export's shape). */
export function readAuditExport(text: string): AuditExport | null {
  try {
    const parsed = auditExportSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The text a row's hash covers, exactly as the SQL function audit_chain_text builds it. */
export function chainText(row: Omit<ChainRow, "hash">): string {
  const fields = [
    row.previousHash,
    String(row.sequence),
    row.id,
    row.accountId,
    row.userId,
    row.toUserId,
    row.eventType,
    row.targetType,
    row.targetId,
    row.targetContext,
    row.payload,
    row.via,
    row.viaId,
    row.ip,
    row.userAgent,
    row.createdAt,
  ];
  return fields.map((field) => (field === null ? "~" : `${Buffer.byteLength(field, "utf8")}:${field}`)).join("|");
}

export const chainHash = (row: Omit<ChainRow, "hash">) => createHash("sha256").update(chainText(row), "utf8").digest("hex");

export type ChainVerdict =
  | { valid: true; rows: number; lastHash: string | null }
  | { valid: false; rows: number; brokenAt: { sequence: number; id: string; reason: "hash" | "link" | "sequence" } };

/**
 * Checks a chain from its first row: each row's hash is the hash of its own fields, it names
 * the previous row's hash, and the sequence has no gap. An edited row breaks its own hash; a
 * removed or inserted one breaks the link or the sequence. Answers where it first breaks.
 */
export function verifyChain(rows: readonly ChainRow[]): ChainVerdict {
  let previous: ChainRow | null = null;
  for (const row of rows) {
    const at = { sequence: row.sequence, id: row.id };
    if (row.sequence !== (previous ? previous.sequence + 1 : 1))
      return { valid: false, rows: rows.length, brokenAt: { ...at, reason: "sequence" } };
    if (row.previousHash !== (previous?.hash ?? null)) return { valid: false, rows: rows.length, brokenAt: { ...at, reason: "link" } };
    if (chainHash(row) !== row.hash) return { valid: false, rows: rows.length, brokenAt: { ...at, reason: "hash" } };
    previous = row;
  }
  return { valid: true, rows: rows.length, lastHash: previous?.hash ?? null };
}
