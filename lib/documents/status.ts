import type { DocumentStatus } from "@/lib/generated/prisma/enums";

/**
 * Document statuses and which may follow which: our decision where the spec is silent,
 * recorded in docs/document-statuses.md. One table for every change, a person's or a process's
 * (approvals, signatures, a decline, the expiry job): `changeDocumentStatus` and its batch
 * variant refuse anything else with INVALID_TRANSITION.
 */
export const DOCUMENT_STATUSES = [
  "initial",
  "drafting",
  "awaitingInput",
  "negotiating",
  "pendingAction",
  "toReview",
  "underReview",
  "underLegalReview",
  "underFinanceReview",
  "underExternalReview",
  "approved",
  "rejected",
  "toSign",
  "signing",
  "signed",
  "active",
  "onHold",
  "toRenew",
  "renewed",
  "toExpire",
  "expired",
  "completed",
  "cancelled",
] as const satisfies readonly DocumentStatus[];

const REVIEWS = ["underReview", "underLegalReview", "underFinanceReview", "underExternalReview"] as const;

export const STATUS_TRANSITIONS: Record<DocumentStatus, readonly DocumentStatus[]> = {
  initial: ["drafting", "awaitingInput", "negotiating", "toReview", "toSign", "active", "onHold", "cancelled"],
  drafting: ["awaitingInput", "negotiating", "pendingAction", "toReview", ...REVIEWS, "toSign", "onHold", "cancelled"],
  awaitingInput: ["drafting", "negotiating", "toReview", "onHold", "cancelled"],
  negotiating: ["drafting", "pendingAction", "toReview", ...REVIEWS, "toSign", "onHold", "cancelled"],
  pendingAction: ["drafting", "negotiating", "toReview", "onHold", "cancelled"],
  // Signing may be asked for while the review is open (signAfterApproval off): toSign, or signing
  // when some signer had already signed.
  toReview: [...REVIEWS, "approved", "rejected", "toSign", "signing", "drafting", "cancelled"],
  underReview: [
    "toReview",
    "underLegalReview",
    "underFinanceReview",
    "underExternalReview",
    "approved",
    "rejected",
    "toSign",
    "signing",
    "drafting",
    "negotiating",
    "cancelled",
  ],
  underLegalReview: [
    "toReview",
    "underReview",
    "underFinanceReview",
    "underExternalReview",
    "approved",
    "rejected",
    "toSign",
    "signing",
    "drafting",
    "negotiating",
    "cancelled",
  ],
  underFinanceReview: [
    "toReview",
    "underReview",
    "underLegalReview",
    "underExternalReview",
    "approved",
    "rejected",
    "toSign",
    "signing",
    "drafting",
    "negotiating",
    "cancelled",
  ],
  underExternalReview: [
    "toReview",
    "underReview",
    "underLegalReview",
    "underFinanceReview",
    "approved",
    "rejected",
    "toSign",
    "signing",
    "drafting",
    "negotiating",
    "cancelled",
  ],
  approved: ["toReview", "toSign", "signing", "drafting", "cancelled"],
  rejected: ["drafting", "negotiating", "toReview", "toSign", "signing", "cancelled"],
  toSign: ["signing", "signed", "approved", "rejected", "cancelled"],
  signing: ["signed", "toSign", "rejected", "cancelled"],
  signed: ["active", "toExpire", "expired", "completed", "cancelled"],
  active: ["onHold", "toRenew", "renewed", "toExpire", "expired", "completed", "cancelled"],
  onHold: ["drafting", "negotiating", "active", "cancelled"],
  toRenew: ["renewed", "toExpire", "expired", "active", "cancelled"],
  renewed: ["active", "toRenew", "toExpire", "expired", "completed"],
  toExpire: ["expired", "toRenew", "renewed", "active", "cancelled"],
  expired: ["renewed", "toRenew", "completed"],
  completed: [],
  cancelled: ["drafting"],
};

export const canTransition = (from: DocumentStatus, to: DocumentStatus) => STATUS_TRANSITIONS[from].includes(to);

export type Health = "green" | "amber" | "red";
const AMBER: readonly DocumentStatus[] = ["awaitingInput", "pendingAction", "toReview", "toSign", "onHold", "toRenew", "toExpire"];
const RED: readonly DocumentStatus[] = ["expired", "rejected"];
const CLOSED: readonly DocumentStatus[] = ["expired", "completed", "cancelled"];

/**
 * The health indicator (spec: green 'Everything is OK', amber 'Needs attention', red 'Action
 * required'): red when expired or rejected, when its sealing failed for good, or past its end
 * date while still open; amber for statuses that wait on someone, a sealing that failed and waits
 * for its retry, or an end date within 30 days; green otherwise. Rows read without their metadata
 * (list pages) leave the sealing out.
 */
export function documentHealth(doc: { status: DocumentStatus; endedAt: Date | null; metadata?: unknown }, now = new Date()): Health {
  if (RED.includes(doc.status)) return "red";
  // A signed document whose sealing failed (Document.metadata.sealing, lib/sealing/sealing-state.ts):
  // red once the retries are spent, amber while one waits; never "Everything is OK".
  const sealing = (doc.metadata as { sealing?: { state?: unknown; final?: unknown } } | null | undefined)?.sealing;
  if (sealing?.state === "failed") return sealing.final === true ? "red" : "amber";
  if (doc.endedAt && !CLOSED.includes(doc.status)) {
    if (doc.endedAt < now) return "red";
    if (doc.endedAt.getTime() - now.getTime() < EXPIRY_NOTICE_DAYS * 86_400_000) return "amber";
  }
  return AMBER.includes(doc.status) ? "amber" : "green";
}

/** Days before its end date a document counts as about to expire. */
export const EXPIRY_NOTICE_DAYS = 30;
