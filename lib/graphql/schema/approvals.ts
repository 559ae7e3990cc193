import type { z } from "zod";
import * as ops from "@/lib/approvals/approval-operations";
import {
  APPROVAL_PROCESSES,
  APPROVAL_STATES,
  approvalMessageOutputSchema,
  approvalOutputSchema,
  approvalSettingsPatchSchema,
  approvalSettingsSchema,
} from "@/lib/approvals/schemas";
import type { Operation } from "@/lib/operations/operation";
import { builder, fieldFileParts, namedUploads } from "../builder";
import { declaredField, declaredFields, type Naming } from "../from-declarations";

/**
 * Approvals (issue 16) with the spec's names: approvals, approvalMessages (size, cursorId,
 * approvalId), requestApproval (id), requestApprovals (documentId), reviewDocument (id, isApproved;
 * the `signed` header) and fetchValidApproval (the reviewer's), sendApprovalMessage (data,
 * approvalId); and managing approvers (createApproval, updateApproval, deleteApproval,
 * setApprovalProcess). Each field runs its declaration (lib/approvals/approval-operations.ts) and
 * is built from it (lib/graphql/from-declarations.ts): arguments, result type, enums and
 * description; the reviewer's revision takes its files as File arguments.
 */
const ApprovalProcessEnum = builder.enumType("ApprovalProcess", { values: APPROVAL_PROCESSES });
const ApprovalStateEnum = builder.enumType("ApprovalState", {
  description: "created, requested, approved, rejected; cancelled when another's rejection or a removal ended the request.",
  values: APPROVAL_STATES,
});

/** The GraphQL names of the declarations' shapes (lib/graphql/from-declarations.ts). */
const naming: Naming = {
  names: new Map<z.ZodType, string>([
    [approvalOutputSchema, "Approval"],
    [approvalSettingsSchema, "ApprovalSettings"],
    [approvalSettingsPatchSchema, "ApprovalSettings"],
    [approvalMessageOutputSchema, "ApprovalMessage"],
  ]),
  enums: {
    [APPROVAL_PROCESSES.join("|")]: ApprovalProcessEnum,
    [APPROVAL_STATES.join("|")]: ApprovalStateEnum,
    "values|file": "ApprovalModificationKind",
  },
};

builder.queryFields((t) =>
  declaredFields(
    t as never,
    [ops.listApprovals, ops.approvalMessagesOperation, ops.fetchValidApprovalOperation] as unknown as Operation[],
    naming,
    {
      approvals: "ApprovalPage",
      approvalMessages: "ApprovalMessagePage",
      fetchValidApproval: "ValidApproval",
    },
  ),
);

const declaredMutations = [
  ops.createApprovalOperation,
  ops.updateApprovalOperation,
  ops.deleteApprovalOperation,
  ops.setApprovalProcessOperation,
  ops.requestApprovalsOperation,
  ops.requestApprovalOperation,
  ops.reviewDocumentOperation,
  ops.sendApprovalMessageOperation,
] as const;

builder.mutationFields((t) =>
  declaredFields(t as never, declaredMutations as unknown as Operation[], naming, {
    setApprovalProcess: "ApprovalProcessResult",
    deleteApproval: { pick: { type: "ID", from: (result: { id: string }) => result.id } },
  }),
);

const RevisionResult = builder.simpleObject("ApprovalRevision", {
  description: "The new version a reviewer's change made.",
  fields: (t) => ({ version: t.int() }),
});

const RevisionFieldFile = builder.inputType("RevisionFieldFile", {
  fields: (t) => ({ name: t.string({ required: true }), file: t.field({ type: "File", required: true }) }),
});

builder.mutationFields((t) => ({
  // The reviewer's change (signed header): `values` stays JSON, checked by the declaration; the revised `file` or the fields' files as File arguments.
  reviseApprovalDocument: declaredField(t as never, ops.reviseApprovalDocumentOperation as unknown as Operation, naming, {
    ref: RevisionResult,
    json: ["values"],
    upload: {
      args: (arg) => ({ file: arg({ type: "File" } as never), fieldFiles: arg({ type: [RevisionFieldFile] } as never) }),
      files: ({ file, fieldFiles }) => namedUploads([["file", file as File | null], ...fieldFileParts(fieldFiles)]),
    },
  }) as never,
}));
