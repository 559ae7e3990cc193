import { documentPageCountOperation } from "@/lib/documents/page-image-operations";
import { graphqlInput, resolveOperation } from "@/lib/operations/graphql";
import { runOperation } from "@/lib/operations/operation";
import * as ops from "@/lib/signatures/signature-operations";
import type { ServiceContext } from "@/lib/auth/context";
import { builder, uploadedFile } from "../builder";

/**
 * Signatures, parties and placement (issue 16) with the spec's names: signatures,
 * signaturePlaceholders, parties, requestSignature, requestSignatures, signDocument,
 * fetchValidSignature; a signer calls with the `signed` header. Each field runs its declaration
 * (lib/signatures/signature-operations.ts).
 */

const SignerSettings = builder.simpleObject("SignerSettings", {
  fields: (t) => ({
    allowBiometric: t.boolean(),
    allowCertificate: t.boolean(),
    allowDownload: t.boolean(),
    rubricAllPages: t.boolean(),
    sendReminders: t.boolean(),
    allowApprovals: t.boolean(),
  }),
});

const SignerSettingsInput = builder.inputType("SignerSettingsInput", {
  fields: (t) => ({
    allowBiometric: t.boolean(),
    allowCertificate: t.boolean(),
    allowDownload: t.boolean(),
    rubricAllPages: t.boolean(),
    sendReminders: t.boolean(),
    allowApprovals: t.boolean(),
  }),
});

const SignatureRef = builder.simpleObject("Signature", {
  description: "A signer of a document and the state of their signature (created, requested, signed, declined).",
  fields: (t) => ({
    id: t.id(),
    documentId: t.id(),
    partyId: t.id({ nullable: true }),
    firstName: t.string(),
    lastName: t.string(),
    email: t.string(),
    order: t.int(),
    settings: t.field({ type: SignerSettings }),
    state: t.string(),
    imageKind: t.string({ nullable: true }),
    hasCertificate: t.boolean(),
    declineReason: t.string({ nullable: true }),
    requestedAt: t.field({ type: "DateTime", nullable: true }),
    signedAt: t.field({ type: "DateTime", nullable: true }),
    declinedAt: t.field({ type: "DateTime", nullable: true }),
    createdAt: t.field({ type: "DateTime" }),
  }),
});

const PartyRef = builder.simpleObject("Party", {
  fields: (t) => ({ id: t.id(), documentId: t.id(), name: t.string(), type: t.string(), order: t.int() }),
});

const PlaceholderRef = builder.simpleObject("SignaturePlaceholder", {
  description: "A box on a page, in fractions of the page: signature, initials or a field the signer fills.",
  fields: (t) => ({
    id: t.id(),
    signatureId: t.id({ nullable: true }),
    keyName: t.string(),
    kind: t.string(),
    fieldType: t.string({ nullable: true }),
    required: t.boolean(),
    page: t.int(),
    x: t.float(),
    y: t.float(),
    width: t.float(),
    height: t.float(),
    value: t.string({ nullable: true }),
  }),
});

const PlaceholderInput = builder.inputType("SignaturePlaceholderInput", {
  fields: (t) => ({
    signatureId: t.id({ required: true }),
    keyName: t.string({ required: true }),
    kind: t.string({ required: true, description: "signature, initials or field" }),
    fieldType: t.string({ description: "For a field: text, date, number, attachment, file or image." }),
    required: t.boolean(),
    page: t.int({ required: true }),
    x: t.float({ required: true }),
    y: t.float({ required: true }),
    width: t.float({ required: true }),
    height: t.float({ required: true }),
  }),
});

const SigningSettings = builder.simpleObject("SigningSettings", {
  fields: (t) => ({ documentId: t.id(), status: t.string(), signProcess: t.string(), signAfterApproval: t.boolean() }),
});

const SignerDocument = builder.simpleObject("SignerDocument", {
  fields: (t) => ({
    id: t.id(),
    name: t.string(),
    status: t.string(),
    pageCount: t.int({ nullable: true }),
    html: t.string({ nullable: true }),
  }),
});

const SignerSelf = builder.simpleObject("SignerSelf", {
  fields: (t) => ({
    id: t.id(),
    name: t.string(),
    firstName: t.string(),
    lastName: t.string(),
    email: t.string(),
    message: t.string({ nullable: true }),
    settings: t.field({ type: SignerSettings }),
  }),
});

const SignerAccount = builder.simpleObject("SignerAccount", { fields: (t) => ({ name: t.string() }) });

const ValidSignature = builder.simpleObject("ValidSignature", {
  fields: (t) => ({
    signature: t.field({ type: SignerSelf }),
    document: t.field({ type: SignerDocument }),
    account: t.field({ type: SignerAccount }),
    placeholders: t.field({ type: [PlaceholderRef] }),
  }),
});

const SignResult = builder.simpleObject("SignResult", {
  fields: (t) => ({ id: t.id(), documentId: t.id(), signedAt: t.field({ type: "DateTime" }), documentStatus: t.string() }),
});
const DeclineResult = builder.simpleObject("DeclineResult", {
  fields: (t) => ({ id: t.id(), documentId: t.id(), declinedAt: t.field({ type: "DateTime" }) }),
});
const PageCount = builder.simpleObject("DocumentPageCount", { fields: (t) => ({ id: t.id(), pageCount: t.int() }) });

const FieldFileInput = builder.inputType("SignerFieldFile", {
  fields: (t) => ({ name: t.string({ required: true }), file: t.field({ type: "File", required: true }) }),
});

builder.queryFields((t) => ({
  signatures: t.field({
    type: [SignatureRef],
    description: "A document's signers in order (reader).",
    args: { documentId: t.arg.id({ required: true }) },
    resolve: resolveOperation(ops.signaturesOperation),
  }),
  parties: t.field({
    type: [PartyRef],
    description: "A document's parties (reader).",
    args: { documentId: t.arg.id({ required: true }) },
    resolve: resolveOperation(ops.partiesOperation),
  }),
  signaturePlaceholders: t.field({
    type: [PlaceholderRef],
    description: "Where each signer signs, initials or fills a field (reader).",
    args: { documentId: t.arg.id({ required: true }) },
    resolve: resolveOperation(ops.signaturePlaceholdersOperation),
  }),
  signingSettings: t.field({
    type: SigningSettings,
    args: { documentId: t.arg.id({ required: true }) },
    resolve: resolveOperation(ops.signingSettingsOperation),
  }),
  documentPageCount: t.field({
    type: PageCount,
    description: "How many pages the document's latest version has (a member with reader, or its signer or reviewer).",
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(documentPageCountOperation),
  }),
  fetchValidSignature: t.field({
    type: ValidSignature,
    description: "The signer's link checked (the `signed` header): the document, its pages and the signer's boxes.",
    resolve: resolveOperation(ops.fetchValidSignatureOperation),
  }),
}));

builder.mutationFields((t) => ({
  setSignProcess: t.field({
    type: SigningSettings,
    args: { documentId: t.arg.id({ required: true }), signProcess: t.arg.string({ required: true }), signAfterApproval: t.arg.boolean() },
    resolve: resolveOperation(ops.setSignProcessOperation),
  }),
  createParty: t.field({
    type: PartyRef,
    args: { documentId: t.arg.id({ required: true }), name: t.arg.string({ required: true }), order: t.arg.int() },
    resolve: resolveOperation(ops.createPartyOperation),
  }),
  updateParty: t.field({
    type: PartyRef,
    args: { id: t.arg.id({ required: true }), name: t.arg.string(), order: t.arg.int() },
    resolve: resolveOperation(ops.updatePartyOperation),
  }),
  deleteParty: t.field({
    type: "ID",
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(ops.deletePartyOperation, null, (result) => result.id),
  }),
  addSigner: t.field({
    type: SignatureRef,
    args: {
      documentId: t.arg.id({ required: true }),
      email: t.arg.string({ required: true }),
      firstName: t.arg.string(),
      lastName: t.arg.string(),
      phone: t.arg.string(),
      message: t.arg.string(),
      order: t.arg.int(),
      partyId: t.arg.id(),
      settings: t.arg({ type: SignerSettingsInput }),
    },
    resolve: resolveOperation(ops.addSignerOperation),
  }),
  updateSigner: t.field({
    type: SignatureRef,
    args: {
      id: t.arg.id({ required: true }),
      email: t.arg.string(),
      firstName: t.arg.string(),
      lastName: t.arg.string(),
      phone: t.arg.string(),
      message: t.arg.string(),
      order: t.arg.int(),
      partyId: t.arg.id(),
      settings: t.arg({ type: SignerSettingsInput }),
    },
    resolve: resolveOperation(ops.updateSignerOperation),
  }),
  removeSigner: t.field({
    type: "ID",
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(ops.removeSignerOperation, null, (result) => result.id),
  }),
  saveSignaturePlaceholders: t.field({
    type: [PlaceholderRef],
    args: { documentId: t.arg.id({ required: true }), placeholders: t.arg({ type: [PlaceholderInput], required: true }) },
    resolve: resolveOperation(ops.saveSignaturePlaceholdersOperation, (args) => ({
      documentId: String(args.documentId),
      placeholders: (args.placeholders as Record<string, unknown>[]).map((box) => graphqlInput(box, ["signatureId"])),
    })),
  }),
  requestSignatures: t.field({
    type: [SignatureRef],
    description: "Sends the document for signature to the signers whose turn it is (editor).",
    args: { documentId: t.arg.id({ required: true }) },
    resolve: resolveOperation(ops.requestSignaturesOperation),
  }),
  requestSignature: t.field({
    type: SignatureRef,
    description: "Sends (again) one signer's link, when it is their turn (editor).",
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(ops.requestSignatureOperation),
  }),
  signDocument: t.field({
    type: SignResult,
    description:
      "The signer signs (the `signed` header): kind drawn|typed|uploaded, the signature image, initials, their own certificate (`cert` or `certificate`) with its password, field values (`data`) and files.",
    args: {
      id: t.arg.id(),
      kind: t.arg.string({ required: true }),
      typedName: t.arg.string(),
      idNumber: t.arg.string(),
      timeline: t.arg({ type: "JSON" }),
      data: t.arg({ type: "JSON" }),
      password: t.arg.string(),
      signature: t.arg({ type: "File" }),
      initials: t.arg({ type: "File" }),
      cert: t.arg({ type: "File" }),
      certificate: t.arg({ type: "File" }),
      fieldFiles: t.arg({ type: [FieldFileInput] }),
    },
    resolve: async (_root, args, { ctx }: { ctx: ServiceContext }) => {
      const { signature, initials, cert, certificate, fieldFiles, ...rest } = args as Record<string, unknown>;
      const files = [];
      const named: [string, unknown][] = [
        ["signature", signature],
        ["initials", initials],
        ["certificate", certificate ?? cert],
        ...((fieldFiles as { name: string; file: File }[] | null) ?? []).map((f) => [f.name, f.file] as [string, unknown]),
      ];
      for (const [field, file] of named) if (file) files.push({ ...(await uploadedFile(file as File)), field });
      return runOperation(ops.signDocumentOperation, ctx, { ...graphqlInput(rest, ["id"]), files });
    },
  }),
  declineSignature: t.field({
    type: DeclineResult,
    description: "The signer declines, with a reason (the `signed` header).",
    args: { id: t.arg.id(), reason: t.arg.string({ required: true }) },
    resolve: resolveOperation(ops.declineSignatureOperation),
  }),
}));
