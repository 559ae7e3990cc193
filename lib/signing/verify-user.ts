/**
 * "verify user" (spec section 7): who the `signed` header speaks for. A reviewer's or signer's
 * screen, or an integration holding the link, learns the recipient, the document and whether
 * their part is done, after the same checks as every other use of the link
 * (lib/signing/signed-caller.ts); a finished recipient is still answered (allowFinished), a
 * replaced, cancelled, expired or forged link is SIGNING_LINK_INVALID with its reason.
 */
import { z } from "zod";
import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { requireReviewerApproval } from "@/lib/approvals/approval-access";
import { signerOfToken } from "@/lib/signatures/signer-access";
import { signingLinkError } from "./signed-caller";

export const verifiedUserSchema = z
  .object({
    purpose: z.enum(["approval", "signature"]).describe("approval or signature."),
    recordId: z.string().describe("The Approval's or Signature's id."),
    email: z.string(),
    name: z.string(),
    documentId: z.string(),
    documentName: z.string(),
    accountName: z.string(),
    state: z.enum(["pending", "approved", "rejected", "signed", "declined"]).describe("pending, approved, rejected, signed or declined."),
    expiresAt: z.string().describe("When the link stops working (ISO 8601)."),
  })
  .describe("The reviewer or signer a signed link speaks for.");
export type VerifiedUser = z.infer<typeof verifiedUserSchema>;

const fullName = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`.trim();

export async function verifyUser(ctx: ServiceContext): Promise<VerifiedUser> {
  const purpose = ctx.signed?.typ;
  if (purpose !== "approval" && purpose !== "signature") throw signingLinkError("invalid");
  const recipient =
    purpose === "approval"
      ? await requireReviewerApproval(ctx, { allowFinished: true }).then(({ approval, claims }) => ({
          claims,
          row: approval,
          state: approval.approvedAt ? ("approved" as const) : approval.rejectedAt ? ("rejected" as const) : ("pending" as const),
        }))
      : await signerOfToken(ctx, { allowFinished: true }).then(({ signer, claims }) => ({
          claims,
          row: signer,
          state: signer.signedAt ? ("signed" as const) : signer.declinedAt ? ("declined" as const) : ("pending" as const),
        }));
  const { claims, row, state } = recipient;
  const document = await db.document.findFirst({
    where: { id: claims.did, accountId: claims.aid },
    select: { name: true, account: { select: { name: true } } },
  });
  if (!document) throw signingLinkError("invalid");
  return {
    purpose,
    recordId: row.id,
    email: row.email,
    name: fullName(row),
    documentId: claims.did,
    documentName: document.name,
    accountName: document.account.name,
    state,
    expiresAt: new Date(claims.exp * 1000).toISOString(),
  };
}
