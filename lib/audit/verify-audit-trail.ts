import { z } from "zod";
import { requireAccount, type ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { assertUploadSize, type UploadedFile } from "@/lib/files/upload-limits";
import { defineOperation, uploadedFiles } from "@/lib/operations/operation";
import { readAuditExport, verifyChain, type ChainVerdict } from "./audit-chain";

/**
 * Checks an exported audit trail (docs/audit-chain.md) from the file alone, as
 * `npm run audit:verify` does: each row's hash, the links between rows, the sequence. The page
 * (workspace settings) and the command share `readAuditExport` and `verifyChain`.
 */

export const auditVerdictSchema = z.object({
  valid: z.boolean(),
  rows: z.number(),
  accountId: z.string(),
  exportedAt: z.string(),
  lastHash: z.string().nullable(),
  brokenAt: z.object({ sequence: z.number(), id: z.string(), reason: z.enum(["hash", "link", "sequence"]) }).nullable(),
});
export type AuditVerdict = z.infer<typeof auditVerdictSchema>;

const notAnExport = () =>
  new AppError(AppErrorCode.FILE_UNREADABLE, {
    message: "The file cannot be opened: it is damaged, or it is not a readable audit trail export (.json) file.",
    params: { kind: "audit trail export (.json)", reason: "damaged" },
  });

export async function verifyAuditTrail(ctx: ServiceContext, file: UploadedFile): Promise<AuditVerdict> {
  requireAccount(ctx);
  assertUploadSize(file);
  const exported = readAuditExport(new TextDecoder("utf-8", { fatal: false }).decode(file.bytes));
  if (!exported) throw notAnExport();
  const verdict: ChainVerdict = verifyChain(exported.rows);
  return {
    valid: verdict.valid,
    rows: verdict.rows,
    accountId: exported.accountId,
    exportedAt: exported.exportedAt,
    lastHash: verdict.valid ? verdict.lastHash : null,
    brokenAt: verdict.valid ? null : verdict.brokenAt,
  };
}

/** POST /vapp/accounts/audit/verify (multipart, one file): the declaration. */
export const verifyAuditTrailOperation = defineOperation({
  name: "verifyAuditTrail",
  kind: "upload",
  description:
    "Checks an exported audit trail (one JSON file): whether the chain holds, or the first row where it breaks and why (hash, link, sequence). Nothing is kept.",
  callers: ["member", "apiToken"],
  permission: "ViewAudit",
  upload: { maxFiles: 1 },
  input: z.object({ files: uploadedFiles.min(1).max(1) }).strict(),
  output: auditVerdictSchema,
  run: (ctx, input) => verifyAuditTrail(ctx, input.files[0]!),
});
