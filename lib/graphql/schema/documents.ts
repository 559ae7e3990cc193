import { queryFromInfo } from "@pothos/plugin-prisma";
import { z } from "zod";
import { CATEGORY_GROUPS } from "@/lib/categories/schemas";
import {
  documentStatusListOperation,
  documentsCountOperation,
  expiringDocumentsOperation,
  hotDocumentsOperation,
} from "@/lib/documents/document-overview-operations";
import { DOCUMENT_DATE_FIELDS, DOCUMENT_ORDERS, SORT_DIRECTIONS } from "@/lib/documents/document-list-sql";
import { getDocumentOperation, listDocumentsOperation } from "@/lib/documents/document-operations";
import { documentVersionsOperation } from "@/lib/documents/document-file-operations";
import { DOCUMENT_STATUSES } from "@/lib/documents/status";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/http/parse-input";
import { resolveOperation } from "@/lib/operations/graphql";
import { runOperation, type Operation } from "@/lib/operations/operation";
import { globalSearchOperation, searchResultSchemas } from "@/lib/search/search-operations";
import { builder } from "../builder";
import { declaredField, declaredFields, type Naming } from "../from-declarations";
import { withoutNulls } from "./arguments";
import { resolvingWith } from "./declared-with";
import { DocumentPage, DocumentStatusEnum, DocumentVersion } from "./document-types";
import { idString } from "@/lib/validation/ids";

/**
 * The documents' queries and the home screen's search, each built from its declaration
 * (lib/documents/*-operations.ts, lib/search/search-operations.ts; lib/graphql/from-declarations.ts):
 * arguments, result type, enums and description. Their results are the hand-written Document and
 * DocumentContent objects (relation fields, loaded in the same statement). The mutations are in
 * document-mutations.ts.
 */

/** The GraphQL names of the declarations' shapes and enums (shared with document-mutations.ts). */
export const documentNaming: Naming = {
  names: new Map<z.ZodType, string>([
    [searchResultSchemas.results, "GlobalSearchResults"],
    [searchResultSchemas.document, "SearchDocument"],
    [searchResultSchemas.highlight, "SearchHighlightPart"],
    [searchResultSchemas.template, "SearchTemplate"],
    [searchResultSchemas.member, "SearchMember"],
    [searchResultSchemas.category, "SearchCategory"],
    [searchResultSchemas.tag, "SearchTag"],
  ]),
  enums: {
    [DOCUMENT_STATUSES.join("|")]: DocumentStatusEnum,
    [DOCUMENT_DATE_FIELDS.join("|")]: "DocumentDateField",
    [DOCUMENT_ORDERS.join("|")]: "DocumentOrderBy",
    [SORT_DIRECTIONS.join("|")]: "SortDirection",
    // The same name as the categories' own (lib/graphql/schema/taxonomy.ts): one enum, built once.
    [CATEGORY_GROUPS.join("|")]: "CategoryGroup",
  },
};

/** List filters as the declarations take them: null is "not given", except a folder's (the root, Drive). */
const listFilters = (args: Record<string, unknown>) => withoutNulls(args, ["folderId"]);

const idSchema = z.object({ id: idString() });

builder.queryFields((t) => ({
  documents: declaredField(
    resolvingWith(t as never, async (_root: unknown, args: Record<string, unknown>, context: never, info: never) => {
      // Records what the page loads for `items`, so relations the service included are not fetched again.
      queryFromInfo({ context, info, path: ["items"] });
      return runOperation(listDocumentsOperation, (context as { ctx: never }).ctx, listFilters(args));
    }),
    listDocumentsOperation as unknown as Operation,
    documentNaming,
    { ref: DocumentPage },
  ) as never,
  documentsCount: declaredField(
    resolvingWith(
      t as never,
      resolveOperation(documentsCountOperation, listFilters, (result) => result.total),
    ),
    documentsCountOperation as unknown as Operation,
    documentNaming,
    { pick: { type: "Int", from: (result: { total: number }) => result.total } },
  ) as never,
  ...declaredFields(
    t as never,
    [
      getDocumentOperation,
      hotDocumentsOperation,
      expiringDocumentsOperation,
      documentStatusListOperation,
      documentVersionsOperation,
      globalSearchOperation,
    ] as unknown as Operation[],
    documentNaming,
    {
      document: { ref: "Document", prisma: true },
      hotDocuments: { ref: ["Document"], prisma: true },
      expiringDocuments: { ref: ["Document"], prisma: true },
      documentStatusList: "DocumentStatusOption",
      documentVersions: { ref: [DocumentVersion] },
    },
  ),
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
}));
