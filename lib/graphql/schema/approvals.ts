import { DECLARATION_EXTENSION } from "@/lib/operations/graphql";
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
import type { ServiceContext } from "@/lib/auth/context";
import { runOperation, type Operation } from "@/lib/operations/operation";
import { builder, uploadedFile } from "../builder";
import { declaredFields, type Naming } from "../from-declarations";

/**
 * Approvals (issue 16) with the spec's names: approvals, approvalMessages (size, cursorId,
 * approvalId), requestApproval (id), requestApprovals (documentId), reviewDocument (id, isApproved;
 * the `signed` header) and fetchValidApproval (the reviewer's), sendApprovalMessage (data,
 * approvalId); and managing approvers (createApproval, updateApproval, deleteApproval,
 * setApprovalProcess). Each field runs its declaration (lib/approvals/approval-operations.ts) and
 * is built from it (lib/graphql/from-declarations.ts): arguments, result type, enums and
 * description. Written by hand: the reviewer's revision (an upload: its files as File arguments)
 * and the deletion that answers the id alone.
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
  reviseApprovalDocument: t.field({
    extensions: { [DECLARATION_EXTENSION]: ops.reviseApprovalDocumentOperation.name },
    type: RevisionResult,
    description:
      "The reviewer changes the document when their approval allows modification (signed header), as a new version: `values` (and `fieldFiles`) for a document made from a template, else the revised `file`.",
    args: {
      id: t.arg.id({ required: true }),
      values: t.arg({ type: "JSON" }),
      file: t.arg({ type: "File" }),
      fieldFiles: t.arg({ type: [RevisionFieldFile] }),
    },
    resolve: async (_root, args, { ctx }: { ctx: ServiceContext }) => {
      const named: [string, File][] = [
        ...(args.file ? [["file", args.file as File] as [string, File]] : []),
        ...((args.fieldFiles as { name: string; file: File }[] | null) ?? []).map((f) => [f.name, f.file] as [string, File]),
      ];
      const files = await Promise.all(named.map(async ([field, file]) => ({ ...(await uploadedFile(file)), field })));
      const values = args.values ? { values: args.values as Record<string, never> } : {};
      return runOperation(ops.reviseApprovalDocumentOperation, ctx, { id: String(args.id), ...values, files });
    },
  }),
}));
