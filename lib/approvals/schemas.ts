import { z } from "zod";
import type { Approval, ApprovalMessage } from "@/lib/generated/prisma/client";
import { emailSchema } from "@/lib/sign-in/schemas";
import type { TurnOrder } from "@/lib/process/turns";
import { idString } from "@/lib/validation/ids";
import { cursorPageInput } from "@/lib/pagination";
import { signerEmailSchema } from "@/lib/signatures/schemas";

/**
 * The shapes of approvals (issue 16, spec Approval and ApprovalMessage): inputs with their limits,
 * the settings stored as JSON, the states an approval goes through, and the outputs every
 * transport serialises (no token, no metadata beyond what screens show).
 */
export const APPROVERS_PER_DOCUMENT_MAX = 50;
export const APPROVAL_MESSAGE_MAX = 2000;
export const APPROVAL_PAGE_MAX = 100;
/** The API's and the stored values; `sequential` is `ordered` in the turn rule (approvalTurnOrder). */
export const APPROVAL_PROCESSES = ["sequential", "parallel"] as const;
export type ApprovalProcess = (typeof APPROVAL_PROCESSES)[number];

/** created → requested → approved | rejected; a request ended by someone else's rejection or a removal is cancelled. */
export const APPROVAL_STATES = ["created", "requested", "approved", "rejected", "cancelled"] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

const id = idString();
const name = z.string().trim().max(100);

export const approvalSettingsSchema = z
  .object({ allowComment: z.boolean(), allowModification: z.boolean(), allowDownload: z.boolean() })
  .strict();
export type ApprovalSettings = z.infer<typeof approvalSettingsSchema>;
/** The settings an approver is given or changed: each flag optional (the rest keep their value or default). */
export const approvalSettingsPatchSchema = approvalSettingsSchema.partial();
export const DEFAULT_APPROVAL_SETTINGS: ApprovalSettings = { allowComment: true, allowModification: false, allowDownload: true };

/** The stored settings, read leniently: a missing flag takes its default. */
export function approvalSettingsOf(value: unknown): ApprovalSettings {
  const stored = (value && typeof value === "object" ? value : {}) as Partial<Record<keyof ApprovalSettings, unknown>>;
  const flag = (key: keyof ApprovalSettings) =>
    typeof stored[key] === "boolean" ? (stored[key] as boolean) : DEFAULT_APPROVAL_SETTINGS[key];
  return { allowComment: flag("allowComment"), allowModification: flag("allowModification"), allowDownload: flag("allowDownload") };
}

/** What approvals keep in `metadata`: who asked last, when the reviewer first opened it, when a request was cancelled. */
export type ApprovalMetadata = {
  requestedById?: string | null;
  viewedAt?: string | null;
  cancelledAt?: string | null;
  /** The last time the reviewer changed the document (allowModification). */
  modifiedAt?: string | null;
};
export const approvalMetadataOf = (value: unknown): ApprovalMetadata =>
  (value && typeof value === "object" && !Array.isArray(value) ? value : {}) as ApprovalMetadata;

/**
 * The document's approval process (Document.settings.approvalProcess, default sequential), as
 * stored and served: `sequential` is the API's and the database's word for an ordered process.
 */
export function approvalProcessOf(settings: unknown): ApprovalProcess {
  const value = (settings as { approvalProcess?: unknown } | null)?.approvalProcess;
  return value === "parallel" ? "parallel" : "sequential";
}

/** The approval process in the turn rule's word (lib/process/turns.ts): the stored `sequential` is `ordered`. */
export function approvalTurnOrder(settings: unknown): TurnOrder {
  return approvalProcessOf(settings) === "parallel" ? "parallel" : "ordered";
}

export function approvalStateOf(approval: Pick<Approval, "requestedAt" | "approvedAt" | "rejectedAt" | "metadata">): ApprovalState {
  if (approval.approvedAt) return "approved";
  if (approval.rejectedAt) return "rejected";
  if (approval.requestedAt) return "requested";
  return approvalMetadataOf(approval.metadata).cancelledAt ? "cancelled" : "created";
}

export const isFinished = (approval: Pick<Approval, "approvedAt" | "rejectedAt">) => !!approval.approvedAt || !!approval.rejectedAt;

/** Adding an approver: a member of the workspace by userId, or a person by name and address. */
export const createApprovalSchema = z
  .object({
    documentId: id,
    userId: id.optional(),
    firstName: name.optional(),
    lastName: name.optional(),
    email: emailSchema.optional(),
    message: z.string().trim().max(APPROVAL_MESSAGE_MAX).optional(),
    order: z.number().int().min(1).max(100).optional(),
    settings: approvalSettingsPatchSchema.optional(),
  })
  .strict()
  .refine((input) => !!input.userId !== !!input.email, { message: "Give either userId or email.", path: ["email"] });
export type CreateApprovalInput = z.input<typeof createApprovalSchema>;

export const updateApprovalSchema = z
  .object({
    id,
    firstName: name.optional(),
    lastName: name.optional(),
    email: emailSchema.optional(),
    message: z.string().trim().max(APPROVAL_MESSAGE_MAX).nullable().optional(),
    order: z.number().int().min(1).max(100).optional(),
    settings: approvalSettingsPatchSchema.optional(),
  })
  .strict();
export type UpdateApprovalInput = z.input<typeof updateApprovalSchema>;

/** A page size and a cursor (the last id of the page before); GET sends them as text (lib/pagination.ts). */
export const cursorPageSchema = cursorPageInput(APPROVAL_PAGE_MAX);

export const approvalOutputSchema = z.object({
  id: z.string(),
  documentId: z.string(),
  userId: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  message: z.string().nullable(),
  order: z.number().int(),
  settings: approvalSettingsSchema,
  state: z.enum(APPROVAL_STATES),
  comment: z.string().nullable(),
  requestedAt: z.date().nullable(),
  approvedAt: z.date().nullable(),
  rejectedAt: z.date().nullable(),
  viewedAt: z.date().nullable(),
  modifiedAt: z.date().nullable(),
  createdAt: z.date(),
  emails: z
    .array(signerEmailSchema)
    .optional()
    .describe("The reviewer's request email, with its delivery and open status (the approvers list)."),
});
export type ApprovalOutput = z.infer<typeof approvalOutputSchema>;

export function presentApproval(approval: Approval): ApprovalOutput {
  const { viewedAt, modifiedAt } = approvalMetadataOf(approval.metadata);
  return {
    id: approval.id,
    documentId: approval.documentId,
    userId: approval.userId,
    firstName: approval.firstName,
    lastName: approval.lastName,
    email: approval.email,
    message: approval.message,
    order: approval.order,
    settings: approvalSettingsOf(approval.settings),
    state: approvalStateOf(approval),
    comment: approval.comment,
    requestedAt: approval.requestedAt,
    approvedAt: approval.approvedAt,
    rejectedAt: approval.rejectedAt,
    viewedAt: viewedAt ? new Date(viewedAt) : null,
    modifiedAt: modifiedAt ? new Date(modifiedAt) : null,
    createdAt: approval.createdAt,
  };
}

export const approvalMessageOutputSchema = z.object({
  id: z.string(),
  approvalId: z.string(),
  message: z.string(),
  /** message, approved, rejected */
  type: z.string(),
  authorName: z.string(),
  authorEmail: z.string(),
  /** Written by the reviewer (through the link), not by a member. */
  byReviewer: z.boolean(),
  createdAt: z.date(),
});
export type ApprovalMessageOutput = z.infer<typeof approvalMessageOutputSchema>;

export const presentApprovalMessage = (row: ApprovalMessage): ApprovalMessageOutput => ({
  id: row.id,
  approvalId: row.approvalId,
  message: row.message,
  type: row.type,
  authorName: row.authorName,
  authorEmail: row.authorEmail,
  byReviewer: row.authorId === null,
  createdAt: row.createdAt,
});
