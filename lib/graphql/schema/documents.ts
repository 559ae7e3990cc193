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
import { documentContentOperation, documentVersionsOperation } from "@/lib/documents/document-file-operations";
import { DOCUMENT_STATUSES } from "@/lib/documents/status";
import type { Operation } from "@/lib/operations/operation";
import { globalSearchOperation, searchResultSchemas } from "@/lib/search/search-operations";
import { builder } from "../builder";
import { declaredField, declaredFields, type Naming } from "../from-declarations";
import { DocumentPage, DocumentStatusEnum, DocumentVersion } from "./document-types";

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

builder.queryFields((t) => ({
  // folderId null is the root (Drive): the declaration takes that null.
  documents: declaredField(t as never, listDocumentsOperation as unknown as Operation, documentNaming, {
    ref: DocumentPage,
    page: true,
  }) as never,
  documentsCount: declaredField(t as never, documentsCountOperation as unknown as Operation, documentNaming, {
    pick: { type: "Int", from: (result: { total: number }) => result.total },
  }) as never,
  ...declaredFields(
    t as never,
    [
      getDocumentOperation,
      hotDocumentsOperation,
      expiringDocumentsOperation,
      documentStatusListOperation,
      documentVersionsOperation,
      documentContentOperation,
      globalSearchOperation,
    ] as unknown as Operation[],
    documentNaming,
    {
      document: { ref: "Document", prisma: true },
      hotDocuments: { ref: ["Document"], prisma: true },
      expiringDocuments: { ref: ["Document"], prisma: true },
      documentStatusList: "DocumentStatusOption",
      documentVersions: { ref: [DocumentVersion] },
      documentContent: { ref: DocumentVersion },
    },
  ),
}));
