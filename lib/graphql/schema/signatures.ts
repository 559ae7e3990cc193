import type { OutputRef } from "@pothos/core";
import type { z } from "zod";
import { documentPageCountOperation } from "@/lib/documents/page-image-operations";
import { DECLARATION_EXTENSION, graphqlInput, resolveOperation } from "@/lib/operations/graphql";
import { runOperation, type Operation } from "@/lib/operations/operation";
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
import * as ops from "@/lib/signatures/signature-operations";
import type { ServiceContext } from "@/lib/auth/context";
import { builder, uploadedFile } from "../builder";
import { declaredFields, declaredOutput, type Naming } from "../from-declarations";

/**
 * Signatures, parties and placement (issue 16) with the spec's names: signatures,
 * signaturePlaceholders, parties, requestSignature, requestSignatures, signDocument,
 * fetchValidSignature; a signer calls with the `signed` header. Each field runs its declaration
 * (lib/signatures/signature-operations.ts) and is built from it (lib/graphql/from-declarations.ts):
 * arguments, result type, enums and description. Written by hand: the upload (signDocument, its
 * files as File arguments) and the two deletions that answer the id alone.
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
    [SIGNATURE_STATES.join("|")]: "SignatureState",
    [PLACEHOLDER_KINDS.join("|")]: "SignaturePlaceholderKind",
    "text|date|number|attachment|file|image": "SignaturePlaceholderFieldType",
  },
};

/** signDocument's result, from its declaration's output (the field itself is written by hand: files). */
const SignResult = declaredOutput(ops.signDocumentOperation as unknown as Operation, naming, "SignResult").type as OutputRef<
  z.infer<typeof ops.signDocumentOperation.output>
>;

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
  ops.declineSignatureOperation,
] as const;

builder.mutationFields((t) => declaredFields(t as never, declaredMutations as unknown as Operation[], naming, RESULT_NAMES));

builder.mutationFields((t) => ({
  deleteParty: t.field({
    type: "ID",
    description: ops.deletePartyOperation.description,
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(ops.deletePartyOperation, null, (result) => result.id),
  }),
  removeSigner: t.field({
    type: "ID",
    description: ops.removeSignerOperation.description,
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(ops.removeSignerOperation, null, (result) => result.id),
  }),
  signDocument: t.field({
    extensions: { [DECLARATION_EXTENSION]: ops.signDocumentOperation.name },
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
}));
