/**
 * SECURITY-CRITICAL. The two ways to reach an approval: a member through the document's role
 * (another workspace's approval, or one on a document the caller cannot see, is NOT_FOUND), and a
 * reviewer through their link's token, re-checked against the record on every use
 * (lib/signing/signed-caller.ts).
 */
import { db } from "@/lib/db";
import type { DocumentRoleName } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { requireDocumentRole } from "@/lib/documents/access";
import { AppError, AppErrorCode, isAppError } from "@/lib/errors/app-error";
import { assertSignedRecord, signedClaims } from "@/lib/signing/signed-caller";
import { isFinished } from "./schemas";
import { LIMITS } from "@/lib/validation/limits";

export const approvalNotFound = () => new AppError(AppErrorCode.NOT_FOUND, { message: "Approval not found." });

/** An approval of the caller's workspace whose document they hold at least `min` on. */
export async function requireMemberApproval(ctx: ServiceContext, approvalId: string, min: DocumentRoleName) {
  const { accountId } = accountScope(ctx);
  const approval = approvalId.length <= LIMITS.id ? await db.approval.findFirst({ where: { id: approvalId, accountId } }) : null;
  if (!approval) throw approvalNotFound();
  try {
    const { document, role } = await requireDocumentRole(ctx, approval.documentId, min);
    return { approval, document, role };
  } catch (error) {
    // Someone who cannot see the document does not learn that the approval exists.
    if (isAppError(error) && error.code === AppErrorCode.NOT_FOUND) throw approvalNotFound();
    throw error;
  }
}

/**
 * The approval the reviewer's token names, checked: same record, document, workspace, address,
 * request instant; not finished unless `allowFinished`. `approvalId`, when the call names one,
 * must be the token's own.
 */
export async function requireReviewerApproval(ctx: ServiceContext, options: { approvalId?: string; allowFinished?: boolean } = {}) {
  const claims = signedClaims(ctx, "approval");
  if (options.approvalId !== undefined && options.approvalId !== claims.rid) {
    assertSignedRecord(null, claims);
  }
  const approval = await db.approval.findFirst({ where: { id: claims.rid, accountId: claims.aid } });
  const checked = assertSignedRecord(approval ? { ...approval, finished: isFinished(approval) } : null, claims, {
    allowFinished: options.allowFinished,
  });
  return { approval: checked, claims };
}
