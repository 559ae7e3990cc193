import { z } from "zod";
import { defineOperation } from "@/lib/operations/operation";
import { documentSchema } from "./document-output";
import { countDocuments, hotDocuments } from "./find-documents";
import { documentListSchema } from "./document-list-sql";
import { documentStatusList } from "./document-status-list";
import { expiringDocuments } from "./expiring-documents";
import { DOCUMENT_STATUSES } from "./status";

/**
 * What the home screen and the filters read about the documents as a whole (spec section 7,
 * "documents": hot, count, status list; the expiring panel), declared once for REST and GraphQL.
 * Each reads only the documents the caller may see.
 */
const members = { callers: ["member", "apiToken"] } as const;
const size = (max: number) => z.coerce.number().int().min(1).max(max).optional();
const documentSummarySchema = documentSchema.extend({ health: z.enum(["green", "amber", "red"]) });

export const hotDocumentsOperation = defineOperation({
  name: "hotDocuments",
  kind: "query",
  description: "The documents most recently changed that the caller sees (5 by default, at most 25).",
  ...members,
  input: z.object({ size: size(25) }).strict(),
  output: z.array(documentSummarySchema),
  run: (ctx, { size }) => hotDocuments(ctx, size ?? 5),
});

export const expiringDocumentsOperation = defineOperation({
  name: "expiringDocuments",
  kind: "query",
  description: "Open documents ending within the notice period or marked toExpire, soonest first (10 by default, at most 50).",
  ...members,
  input: z.object({ size: size(50) }).strict(),
  output: z.array(documentSummarySchema),
  run: (ctx, { size }) => expiringDocuments(ctx, size ?? 10),
});

/** The list's filters without paging or order. */
export const documentCountSchema = documentListSchema.omit({ page: true, size: true, orderBy: true, sortBy: true });

export const documentsCountOperation = defineOperation({
  name: "documentsCount",
  kind: "query",
  description: "How many documents the caller sees with the list's filters.",
  ...members,
  input: documentCountSchema,
  output: z.object({ total: z.number().int() }),
  run: async (ctx, filters) => ({ total: await countDocuments(ctx, filters) }),
});

export const documentStatusListOperation = defineOperation({
  name: "documentStatusList",
  kind: "query",
  description: "Every document status with its label in the request's language.",
  ...members,
  input: z.object({}).strict(),
  output: z.array(z.object({ key: z.enum(DOCUMENT_STATUSES), value: z.string() })),
  run: async (ctx) => documentStatusList(ctx),
});

export const documentOverviewOperations = [
  hotDocumentsOperation,
  expiringDocumentsOperation,
  documentsCountOperation,
  documentStatusListOperation,
] as const;
