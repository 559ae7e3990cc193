/**
 * SECURITY-CRITICAL. The one check of a reviewer's or signer's right, shared by the approval and
 * signature services: the context holds a valid token of that purpose (buildContext checked its
 * signature and expiry), and the record it names still matches it — same document, workspace and
 * recipient, requested at the instant the token was signed for (asking again replaces the link),
 * and not finished. Any failure is SIGNING_LINK_INVALID with the reason the failed-link page shows.
 */
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import type { SigningLinkFailure } from "./signing-links";
import type { SigningClaims, SigningPurpose } from "./signing-tokens";

export function signingLinkError(reason: SigningLinkFailure): AppError {
  return new AppError(AppErrorCode.SIGNING_LINK_INVALID, { message: "This link is no longer valid.", details: { reason } });
}

/** The claims of the caller's token for `purpose`; SIGNING_LINK_INVALID for any other caller. */
export function signedClaims(ctx: ServiceContext, purpose: SigningPurpose): SigningClaims {
  if (ctx.via !== "signed" || ctx.signed?.typ !== purpose || ctx.accountId !== ctx.signed.aid) throw signingLinkError("invalid");
  return ctx.signed;
}

/** The fields of an Approval or Signature the token is checked against. */
export type SignedRecord = {
  id: string;
  accountId: string;
  documentId: string;
  email: string;
  requestedAt: Date | null;
  /** Approved, rejected, signed or declined: the link has done its work. */
  finished: boolean;
};

/**
 * Why `record` does not answer to `claims`, or null when it does. `allowFinished`: what a
 * recipient may still do once their part is done (download the sealed copy, read the thread).
 */
export function signedRecordFailure(
  record: SignedRecord | null,
  claims: SigningClaims,
  options: { allowFinished?: boolean } = {},
): SigningLinkFailure | null {
  if (!record || record.id !== claims.rid || record.accountId !== claims.aid || record.documentId !== claims.did) return "invalid";
  if (record.email.toLowerCase() !== claims.email.toLowerCase()) return "invalid";
  if (!record.requestedAt) return "cancelled";
  if (record.requestedAt.getTime() !== claims.rat) return "replaced";
  if (record.finished && !options.allowFinished) return "completed";
  return null;
}

/** Throws SIGNING_LINK_INVALID unless `record` answers to the caller's token. */
export function assertSignedRecord<R extends SignedRecord>(
  record: R | null,
  claims: SigningClaims,
  options: { allowFinished?: boolean } = {},
): R {
  const failure = signedRecordFailure(record, claims, options);
  if (failure) throw signingLinkError(failure);
  return record!;
}
