import type { Party, Signature, SignaturePlaceholder } from "@/lib/generated/prisma/client";
import { PLACEHOLDER_KINDS, signerSettingsOf, type SignatureOutput, type SignProcess } from "./schemas";

/** What every transport answers for a signer: never the image path, the timeline or the IP. */
export function presentSignature(row: Signature): SignatureOutput {
  return {
    id: row.id,
    documentId: row.documentId,
    partyId: row.partyId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    order: row.order,
    settings: signerSettingsOf(row.settings),
    state: signatureState(row),
    imageKind: row.imageKind,
    hasCertificate: row.certificate !== null,
    declineReason: row.declineReason,
    requestedAt: row.requestedAt,
    signedAt: row.signedAt,
    declinedAt: row.declinedAt,
    createdAt: row.createdAt,
  };
}

export const signatureState = (row: Pick<Signature, "requestedAt" | "signedAt" | "declinedAt">) =>
  row.signedAt ? "signed" : row.declinedAt ? "declined" : row.requestedAt ? "requested" : "created";

export const presentParty = (row: Party) => ({ id: row.id, documentId: row.documentId, name: row.name, type: row.type, order: row.order });

type BoxSettings = {
  page?: number;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  kind?: string;
  fieldType?: string;
  required?: boolean;
};

export function presentPlaceholder(row: SignaturePlaceholder) {
  const box = (row.settings ?? {}) as BoxSettings;
  const kind = (PLACEHOLDER_KINDS as readonly string[]).includes(box.kind ?? "")
    ? (box.kind as (typeof PLACEHOLDER_KINDS)[number])
    : "field";
  return {
    id: row.id,
    signatureId: row.signatureId,
    keyName: row.keyName,
    kind,
    fieldType: box.fieldType ?? null,
    required: box.required ?? true,
    page: box.page ?? 1,
    x: box.x ?? 0,
    y: box.y ?? 0,
    width: box.width ?? 0.2,
    height: box.height ?? 0.06,
    value: row.value,
  };
}

/** The document's signing settings (Document.settings), with the defaults of the brief. */
export function signingSettingsOf(settings: unknown): { signProcess: SignProcess; signAfterApproval: boolean } {
  const value = (settings && typeof settings === "object" ? settings : {}) as { signProcess?: string; signAfterApproval?: boolean };
  return {
    signProcess: value.signProcess === "parallel" ? "parallel" : "ordered",
    signAfterApproval: value.signAfterApproval !== false,
  };
}

export const signerName = (row: Pick<Signature, "firstName" | "lastName" | "email">) =>
  `${row.firstName} ${row.lastName}`.trim() || row.email;
