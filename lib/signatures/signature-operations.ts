import { z } from "zod";
import { defineOperation, uploadedFiles } from "@/lib/operations/operation";
import { declineSignature } from "./decline-signature";
import { fetchValidSignature } from "./fetch-valid-signature";
import { findParties, findSignaturePlaceholders, findSignatures, getSigningSettings } from "./find-signatures";
import { createParty, deleteParty, updateParty } from "./manage-parties";
import { addSigner, removeSigner, updateSigner } from "./manage-signers";
import { remindSigner } from "./remind-signer";
import { requestSignature, requestSignatures } from "./request-signatures";
import { saveSignaturePlaceholders } from "./save-placeholders";
import {
  partyInputSchema,
  partyOutputSchema,
  placeholderInputSchema,
  placeholderOutputSchema,
  SIGN_PROCESSES,
  signatureOutputSchema,
  signerInputSchema,
  signerSettingsInputSchema,
  signerSettingsSchema,
} from "./schemas";
import { setSignProcess } from "./set-sign-process";
import { signDocument } from "./sign-document";
import { SIGNATURE_KINDS, timelineSchema } from "./signature-input";
import { signingResult } from "./signing-result";
import { idString } from "@/lib/validation/ids";
import { LIMITS } from "@/lib/validation/limits";

/**
 * Signatures, parties and placement (issue 16, spec section 7 "signatures"), declared once.
 * Members read with reader and change with editor on the document (the services check the
 * role); a signer acts through their link's token (the `signed` header): their operations take
 * no workspace ids, the token names the one signature (lib/signatures/signer-access.ts).
 */
const members = { callers: ["member", "apiToken"] } as const;
const editors = { ...members, permission: "ManageDocuments" } as const;
const signers = { callers: ["signer"] } as const;
const id = idString();
const byDocument = z.object({ documentId: id }).strict();
export const signingSettingsSchema = z.object({
  documentId: z.string(),
  status: z.string(),
  signProcess: z.enum(SIGN_PROCESSES),
  signAfterApproval: z.boolean(),
});

export const signaturesOperation = defineOperation({
  name: "signatures",
  kind: "query",
  description: "A document's signers in order, with their state and times (reader).",
  ...members,
  ids: ["documentId"],
  input: byDocument,
  output: z.array(signatureOutputSchema),
  run: (ctx, input) => findSignatures(ctx, input.documentId),
});

export const partiesOperation = defineOperation({
  name: "parties",
  kind: "query",
  description: "A document's parties in order (reader).",
  ...members,
  ids: ["documentId"],
  input: byDocument,
  output: z.array(partyOutputSchema),
  run: (ctx, input) => findParties(ctx, input.documentId),
});

export const signaturePlaceholdersOperation = defineOperation({
  name: "signaturePlaceholders",
  kind: "query",
  description: "Where each signer signs, initials or fills a field, in fractions of the page (reader).",
  ...members,
  ids: ["documentId"],
  input: byDocument,
  output: z.array(placeholderOutputSchema),
  run: (ctx, input) => findSignaturePlaceholders(ctx, input.documentId),
});

export const signingSettingsOperation = defineOperation({
  name: "signingSettings",
  kind: "query",
  description: "The document's status, signProcess (ordered or parallel) and signAfterApproval (reader).",
  ...members,
  ids: ["documentId"],
  input: byDocument,
  output: signingSettingsSchema,
  run: (ctx, input) => getSigningSettings(ctx, input.documentId),
});

export const setSignProcessOperation = defineOperation({
  name: "setSignProcess",
  kind: "mutation",
  description: "Sets signProcess (ordered: by order; parallel: all at once) and optionally signAfterApproval (editor).",
  ...editors,
  ids: ["documentId"],
  input: z.object({ documentId: id, signProcess: z.enum(SIGN_PROCESSES), signAfterApproval: z.boolean().optional() }).strict(),
  output: signingSettingsSchema,
  run: (ctx, { documentId, ...input }) => setSignProcess(ctx, documentId, input),
});

export const createPartyOperation = defineOperation({
  name: "createParty",
  kind: "mutation",
  description: "Adds a party (a side of the contract) to a document (editor).",
  ...editors,
  ids: ["documentId"],
  input: partyInputSchema.extend({ documentId: id }),
  output: partyOutputSchema,
  run: (ctx, { documentId, ...input }) => createParty(ctx, documentId, input),
});

export const updatePartyOperation = defineOperation({
  name: "updateParty",
  kind: "mutation",
  description: "Renames or reorders a party (editor).",
  ...editors,
  ids: ["id"],
  input: partyInputSchema.partial().extend({ id }),
  output: partyOutputSchema,
  run: (ctx, { id: partyId, ...input }) => updateParty(ctx, partyId, input),
});

export const deletePartyOperation = defineOperation({
  name: "deleteParty",
  kind: "mutation",
  description: "Removes a party; its signers stay, without a party (editor).",
  ...editors,
  ids: ["id"],
  input: z.object({ id }).strict(),
  output: z.object({ id: z.string() }),
  run: (ctx, input) => deleteParty(ctx, input.id),
});

export const addSignerOperation = defineOperation({
  name: "addSigner",
  kind: "mutation",
  description: "Adds a signer: name, email, order, party and settings (editor). Not asked to sign until requested.",
  ...editors,
  ids: ["documentId", "partyId"],
  input: signerInputSchema.extend({ documentId: id }),
  output: signatureOutputSchema,
  run: (ctx, { documentId, ...input }) => addSigner(ctx, documentId, input),
});

export const updateSignerOperation = defineOperation({
  name: "updateSigner",
  kind: "mutation",
  description: "Changes a signer who has not signed (editor); a new address ends the link sent to the old one.",
  ...editors,
  ids: ["id", "partyId"],
  input: signerInputSchema.omit({ order: true, firstName: true, lastName: true, email: true, settings: true }).extend({
    id,
    firstName: z.string().trim().max(120).optional(),
    lastName: z.string().trim().max(120).optional(),
    email: z.string().trim().toLowerCase().email().max(254).optional(),
    order: z.number().int().min(1).max(100).optional(),
    settings: signerSettingsInputSchema.optional(),
  }),
  output: signatureOutputSchema,
  run: (ctx, { id: signatureId, ...input }) => updateSigner(ctx, signatureId, input),
});

export const removeSignerOperation = defineOperation({
  name: "removeSigner",
  kind: "mutation",
  description: "Removes a signer who has not signed; their link ends (editor).",
  ...editors,
  ids: ["id"],
  input: z.object({ id }).strict(),
  output: z.object({ id: z.string() }),
  run: (ctx, input) => removeSigner(ctx, input.id),
});

export const saveSignaturePlaceholdersOperation = defineOperation({
  name: "saveSignaturePlaceholders",
  kind: "mutation",
  description:
    "Replaces the document's boxes: signature, initials or a field the signer fills, page and x/y/width/height as fractions (editor).",
  ...editors,
  ids: ["documentId"],
  input: z.object({ documentId: id, placeholders: z.array(placeholderInputSchema).max(500) }).strict(),
  output: z.array(placeholderOutputSchema),
  run: (ctx, input) => saveSignaturePlaceholders(ctx, input.documentId, input.placeholders),
});

export const requestSignaturesOperation = defineOperation({
  name: "requestSignatures",
  kind: "mutation",
  description:
    "Sends the document for signature: the signers whose turn it is get their link by email, with the sender's own subject and message when given (editor). Every signer needs a signature field (CONFLICT noSignatureFields, naming those without), unless `signaturesOnCertificate` chooses to have the signatures on the certificate page only.",
  ...editors,
  ids: ["documentId"],
  input: byDocument.extend({
    signaturesOnCertificate: z
      .boolean()
      .optional()
      .describe("true: the signatures appear on the certificate of completion only, not on the pages (kept for the document)."),
    subject: z
      .string()
      .max(LIMITS.title)
      .optional()
      .describe("The signers' email subject in place of the usual one (kept for the document's later requests; empty: the usual)."),
    message: z
      .string()
      .max(LIMITS.comment)
      .optional()
      .describe("The sender's own words, added to the signers' request email (kept for the document's later requests; empty: none)."),
  }),
  output: z.array(signatureOutputSchema),
  run: (ctx, { documentId, ...options }) => requestSignatures(ctx, documentId, options),
});

export const requestSignatureOperation = defineOperation({
  name: "requestSignature",
  kind: "mutation",
  description: "Sends (again) one signer's link, when it is their turn; an older link of theirs ends (editor).",
  ...editors,
  ids: ["id"],
  input: z.object({ id }).strict(),
  output: signatureOutputSchema,
  run: (ctx, input) => requestSignature(ctx, input.id),
});

export const remindSignerOperation = defineOperation({
  name: "remindSigner",
  kind: "mutation",
  description:
    "Reminds one requested signer now, when it is their turn: the same link again by email, so the link they hold keeps working (editor).",
  ...editors,
  ids: ["id"],
  input: z.object({ id }).strict(),
  output: signatureOutputSchema,
  run: (ctx, input) => remindSigner(ctx, input.id),
});

/** What a signer's link shows them: who they are, the document, the workspace, their boxes. */
export const signerSelfSchema = z.object({
  id: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  message: z.string().nullable(),
  settings: signerSettingsSchema,
});
export const signerDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  pageCount: z.number().int().nullable(),
  html: z.string().nullable(),
});
export const signerAccountSchema = z.object({ name: z.string() });
export const signerViewSchema = z.object({
  signature: signerSelfSchema,
  document: signerDocumentSchema,
  account: signerAccountSchema,
  placeholders: z.array(placeholderOutputSchema),
});

export const fetchValidSignatureOperation = defineOperation({
  name: "fetchValidSignature",
  kind: "query",
  description: "The signer's link checked (the signed header): the document, its pages, the signer's boxes and settings.",
  ...signers,
  input: z.object({}).strict(),
  output: signerViewSchema,
  run: (ctx) => fetchValidSignature(ctx),
});

export const signDocumentOperation = defineOperation({
  name: "signDocument",
  kind: "upload",
  description:
    "Signs (the signed header): kind drawn|typed|uploaded, the image as the `field:signature` part, `field:initials`, `field:certificate` (.p12) with password, field files as `field:<name>`, data (field values), idNumber, timeline.",
  ...signers,
  upload: { maxFiles: 12, required: false, byField: true, json: true },
  input: z
    .object({
      id: id.optional(),
      kind: z.enum(SIGNATURE_KINDS),
      typedName: z.string().trim().max(120).optional(),
      idNumber: z.string().trim().max(LIMITS.idNumber).optional(),
      timeline: timelineSchema.optional(),
      data: z.record(z.string().max(120), z.string().max(2000)).optional(),
      password: z.string().max(200).optional(),
      files: uploadedFiles.max(12),
    })
    .strict(),
  output: z.object({ id: z.string(), documentId: z.string(), signedAt: z.date(), documentStatus: z.string() }),
  run: (ctx, input) => signDocument(ctx, input),
});

export const declineSignatureOperation = defineOperation({
  name: "declineSignature",
  kind: "mutation",
  description: "The signer declines, with a reason (the signed header): the document is rejected and the other links end.",
  ...signers,
  input: z.object({ id: id.optional(), reason: z.string().trim().min(1).max(2000) }).strict(),
  output: z.object({ id: z.string(), documentId: z.string(), declinedAt: z.date() }),
  run: (ctx, input) => declineSignature(ctx, input),
});

export const signingResultOperation = defineOperation({
  name: "signingResult",
  kind: "query",
  description:
    "Whether the document of the signer's link is signed, whether the signer has signed, and whether they may download it (the signed header; /thanks).",
  ...signers,
  input: z.object({}).strict(),
  output: z.object({ documentId: z.string(), name: z.string(), signed: z.boolean(), signerSigned: z.boolean(), download: z.boolean() }),
  run: (ctx) => signingResult(ctx),
});

export const signatureOperations = [
  signaturesOperation,
  partiesOperation,
  signaturePlaceholdersOperation,
  signingSettingsOperation,
  setSignProcessOperation,
  createPartyOperation,
  updatePartyOperation,
  deletePartyOperation,
  addSignerOperation,
  updateSignerOperation,
  removeSignerOperation,
  saveSignaturePlaceholdersOperation,
  requestSignaturesOperation,
  requestSignatureOperation,
  remindSignerOperation,
  fetchValidSignatureOperation,
  signDocumentOperation,
  declineSignatureOperation,
  signingResultOperation,
];
