import type { z } from "zod";
import { documentPageCountOperation } from "@/lib/documents/page-image-operations";
import type { Operation } from "@/lib/operations/operation";
import {
  partyOutputSchema,
  PLACEHOLDER_KINDS,
  placeholderInputSchema,
  placeholderOutputSchema,
  SIGN_PROCESSES,
  SIGNATURE_STATES,
  signatureOutputSchema,
  signerSettingsInputSchema,
  signerSettingsSchema,
} from "@/lib/signatures/schemas";
import { SIGNATURE_KINDS } from "@/lib/signatures/signature-input";
import * as ops from "@/lib/signatures/signature-operations";
import { builder, fieldFileParts, namedUploads } from "../builder";
import { declaredFields, type Naming } from "../from-declarations";

/**
 * Signatures, parties and placement (issue 16) with the spec's names: signatures,
 * signaturePlaceholders, parties, requestSignature, requestSignatures, signDocument,
 * fetchValidSignature; a signer calls with the `signed` header. Each field runs its declaration
 * (lib/signatures/signature-operations.ts) and is built from it (lib/graphql/from-declarations.ts):
 * arguments, result type, enums and description; signDocument's files as File arguments.
 */

/** The GraphQL names of the declarations' shapes (lib/graphql/from-declarations.ts). */
const naming: Naming = {
  names: new Map<z.ZodType, string>([
    [signatureOutputSchema, "Signature"],
    [signerSettingsSchema, "SignerSettings"],
    [signerSettingsInputSchema, "SignerSettings"],
    [partyOutputSchema, "Party"],
    [placeholderOutputSchema, "SignaturePlaceholder"],
    [placeholderInputSchema, "SignaturePlaceholder"],
    [ops.signingSettingsSchema, "SigningSettings"],
    [ops.signerViewSchema, "ValidSignature"],
    [ops.signerSelfSchema, "SignerSelf"],
    [ops.signerDocumentSchema, "SignerDocument"],
    [ops.signerAccountSchema, "SignerAccount"],
  ]),
  enums: {
    [SIGN_PROCESSES.join("|")]: "SignProcess",
    [SIGNATURE_KINDS.join("|")]: "SignatureKind",
    [SIGNATURE_STATES.join("|")]: "SignatureState",
    [PLACEHOLDER_KINDS.join("|")]: "SignaturePlaceholderKind",
    "text|date|number|attachment|file|image": "SignaturePlaceholderFieldType",
  },
};

const FieldFileInput = builder.inputType("SignerFieldFile", {
  fields: (t) => ({ name: t.string({ required: true }), file: t.field({ type: "File", required: true }) }),
});

const declared = [
  ops.signaturesOperation,
  ops.partiesOperation,
  ops.signaturePlaceholdersOperation,
  ops.signingSettingsOperation,
  documentPageCountOperation,
  ops.fetchValidSignatureOperation,
] as const;

builder.queryFields((t) =>
  declaredFields(t as never, declared as unknown as Operation[], naming, { documentPageCount: "DocumentPageCount" }),
);

/** Result types named as before, where the output is not a shape named above. */
const RESULT_NAMES: Record<string, string> = { declineSignature: "DeclineResult" };

const declaredMutations = [
  ops.setSignProcessOperation,
  ops.createPartyOperation,
  ops.updatePartyOperation,
  ops.addSignerOperation,
  ops.updateSignerOperation,
  ops.saveSignaturePlaceholdersOperation,
  ops.requestSignaturesOperation,
  ops.requestSignatureOperation,
  ops.remindSignerOperation,
  ops.declineSignatureOperation,
] as const;

builder.mutationFields((t) => declaredFields(t as never, declaredMutations as unknown as Operation[], naming, RESULT_NAMES));

/** The signer's files: the image, initials and certificate by their names, field files by their fields'. */
const signerFiles = ({ signature, initials, cert, certificate, fieldFiles }: Record<string, unknown>) =>
  namedUploads([
    ["signature", signature as File | null],
    ["initials", initials as File | null],
    ["certificate", (certificate ?? cert) as File | null],
    ...fieldFileParts(fieldFiles),
  ]);

builder.mutationFields((t) =>
  declaredFields(
    t as never,
    [ops.deletePartyOperation, ops.removeSignerOperation, ops.signDocumentOperation] as unknown as Operation[],
    naming,
    {
      deleteParty: { pick: { type: "ID", from: (result: { id: string }) => result.id } },
      removeSigner: { pick: { type: "ID", from: (result: { id: string }) => result.id } },
      // The signer signs (the `signed` header); the timeline and field values stay JSON, checked by the declaration.
      signDocument: {
        type: "SignResult",
        json: ["timeline", "data"],
        upload: {
          args: (arg) => ({
            signature: arg({ type: "File" } as never),
            initials: arg({ type: "File" } as never),
            cert: arg({ type: "File", description: "The signer's own certificate (.p12); the same as `certificate`." } as never),
            certificate: arg({ type: "File" } as never),
            fieldFiles: arg({ type: [FieldFileInput] } as never),
          }),
          files: signerFiles,
        },
      },
    },
  ),
);
