import { queryFromInfo } from "@pothos/plugin-prisma";
import { z } from "zod";
import {
  documentStatusListOperation,
  documentsCountOperation,
  expiringDocumentsOperation,
  hotDocumentsOperation,
} from "@/lib/documents/document-overview-operations";
import { getDocumentOperation, listDocumentsOperation } from "@/lib/documents/document-operations";
import { documentVersionsOperation } from "@/lib/documents/document-file-operations";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/http/parse-input";
import { resolveOperation, resolvePrismaOperation } from "@/lib/operations/graphql";
import { runOperation } from "@/lib/operations/operation";
import { builder } from "../builder";
import { declaredFields, type Naming } from "../from-declarations";
import type { Operation } from "@/lib/operations/operation";

const naming: Naming = { names: new Map(), enums: {} };
import { withoutNulls } from "./arguments";
import { DocumentFilter } from "./document-inputs";
import { DocumentPage, DocumentStatusEnum, DocumentVersion, StatusOption } from "./document-types";
import { idString } from "@/lib/validation/ids";

/** The documents' queries, each through its declaration (lib/documents/*-operations.ts); the mutations are in document-mutations.ts. */

const idSchema = z.object({ id: idString() });

builder.queryFields((t) => ({
  documents: t.field({
    type: DocumentPage,
    description: "A page of the documents the caller may see (25 by default), filtered, sorted, with highlights when searching.",
    args: {
      page: t.arg.int(),
      size: t.arg.int(),
      search: t.arg.string(),
      statuses: t.arg({ type: [DocumentStatusEnum] }),
      categoryId: t.arg.id(),
      tagIds: t.arg.idList(),
      folderId: t.arg.id({ description: "A folder, or null for the root (Drive). Absent: every folder." }),
      authorId: t.arg.id(),
      templateId: t.arg.id(),
      dateField: t.arg.string(),
      from: t.arg.string(),
      to: t.arg.string(),
      archived: t.arg.boolean(),
      orderBy: t.arg.string(),
      sortBy: t.arg.string(),
    },
    resolve: async (_root, args, context, info) => {
      // Records what the page loads for `items`, so relations the service included are not fetched again.
      queryFromInfo({ context, info, path: ["items"] });
      return runOperation(listDocumentsOperation, context.ctx, withoutNulls(args, ["folderId"]));
    },
  }),
  ...declaredFields(t as never, [getDocumentOperation, hotDocumentsOperation] as unknown as Operation[], naming, {
    document: { ref: "Document", prisma: true },
    hotDocuments: { ref: ["Document"], prisma: true },
  }),
  documentsCount: t.int({
    args: { filters: t.arg({ type: DocumentFilter }) },
    resolve: resolveOperation(
      documentsCountOperation,
      ({ filters }) => withoutNulls((filters ?? {}) as Record<string, unknown>, ["folderId"]),
      (result) => result.total,
    ),
  }),
  documentStatusList: t.field({
    type: [StatusOption],
    description: "Every document status with its label in the request's language.",
    resolve: resolveOperation(documentStatusListOperation),
  }),
  documentVersions: t.field({
    type: [DocumentVersion],
    args: { documentId: t.arg.id({ required: true }) },
    resolve: resolveOperation(documentVersionsOperation, ({ documentId }) => ({ id: String(documentId) })),
  }),
  documentContent: t.field({
    type: DocumentVersion,
    description: "A version of the document `id` (the latest without `version`).",
    args: { id: t.arg.id({ required: true }), version: t.arg.int() },
    resolve: async (_root, args, { ctx }) => {
      const { id: documentId, version } = parseInput(
        idSchema.extend({ version: z.number().int().min(1).optional() }),
        withoutNulls(args),
        "documentContent",
      );
      // The versions' operation, so the document's role is checked as for documentVersions.
      const versions = await runOperation(documentVersionsOperation, ctx, { id: documentId });
      const found = version ? versions.find((v) => v.version === version) : versions[0];
      if (!found) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Version not found." });
      return found;
    },
  }),
  expiringDocuments: t.prismaField({
    type: ["Document"],
    description: "Open documents ending within the notice period or marked toExpire, soonest first.",
    args: { size: t.arg.int() },
    resolve: resolvePrismaOperation(expiringDocumentsOperation),
  }),
}));
