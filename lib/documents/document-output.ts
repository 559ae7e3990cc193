import { z } from "zod";
import { categorySchema } from "@/lib/categories/category-operations";
import { tagSchema } from "@/lib/tags/tag-operations";
import { DOCUMENT_STATUSES } from "./status";

/**
 * What the document operations answer over REST (issue 14: outputs are declared). Each is the
 * shape the services return, field by field: a relation or a column added to a Prisma include
 * does not reach an answer until it is named here. GraphQL answers are shaped by the Pothos
 * object types of lib/graphql/schema/documents.ts.
 */

/** A decimal column (Prisma's Decimal) answers as its text, as JSON made of it before. */
const decimal = z
  .custom<{ toFixed: (digits?: number) => string }>((value) => !!value && typeof value === "object" && "toFixed" in value)
  .transform((value) => value.toString());

/** A member by id and display name (a version's author, a lock's holder, an attachment's author). */
export const userSummarySchema = z.object({ id: z.string(), name: z.string() });

/** A document's author: a member of the workspace, never their private settings. */
const authorSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() });

const folderSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  name: z.string(),
  group: z.string(),
  parentId: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});

/** One version of a document's file, without its text or its storage key. */
export const versionSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  name: z.string(),
  mimetype: z.string(),
  size: z.number().int(),
  createdAt: z.date(),
  readOnly: z.boolean(),
  delimiters: z.string().nullable(),
  authorId: z.string().nullable(),
});

/** A version in the list of versions: with its author's name (null when gone). */
export const versionWithAuthorSchema = versionSchema.extend({ author: userSummarySchema.nullable() });

export const abilitiesSchema = z.object({
  view: z.boolean(),
  comment: z.boolean(),
  suggest: z.boolean(),
  edit: z.boolean(),
  share: z.boolean(),
  manage: z.boolean(),
});

/** A document with its tags, category, folder, template, author and latest version (lib/documents/create-document.ts documentInclude). */
export const documentSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  authorId: z.string().nullable(),
  templateId: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(DOCUMENT_STATUSES),
  ref: z.string().nullable(),
  language: z.string().nullable(),
  jurisdiction: z.string().nullable(),
  risk: z.number().int().nullable(),
  complexity: z.number().int().nullable(),
  priority: z.number().int().nullable(),
  value: decimal.nullable(),
  currency: z.string().nullable(),
  startedAt: z.date().nullable(),
  endedAt: z.date().nullable(),
  renewalAt: z.date().nullable(),
  cancelledAt: z.date().nullable(),
  archived: z.boolean(),
  categoryId: z.string().nullable(),
  folderId: z.string().nullable(),
  /** The filled values by field name, and the fields they were filled against. */
  variables: z.unknown(),
  settings: z.unknown(),
  metadata: z.unknown(),
  lockedById: z.string().nullable(),
  lockedAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  tags: z.array(tagSchema),
  category: categorySchema.nullable(),
  folder: folderSchema.nullable(),
  template: z.object({ id: z.string(), name: z.string() }).nullable(),
  author: authorSchema.nullable(),
  /** The latest version. */
  contents: z.array(versionSchema),
});

/** One document as `GET /vapp/documents/{id}` answers it: with the caller's role, what it allows, its health and its lock. */
export const documentWithRoleSchema = documentSchema.extend({
  role: z.string().nullable(),
  abilities: abilitiesSchema,
  health: z.enum(["green", "amber", "red"]),
  /** Someone else holds a live edit lock. */
  locked: z.boolean(),
  lockedBy: userSummarySchema.nullable(),
});

/** The edit lock after taking or releasing it (spec DocumentLocked). */
export const documentLockSchema = z.object({
  locked: z.boolean(),
  lockedAt: z.date().nullable(),
  user: userSummarySchema.nullable(),
});

/** A file kept with a document besides its versions: never its storage key. */
export const attachmentSchema = z.object({
  id: z.string(),
  documentId: z.string(),
  variable: z.string().nullable(),
  name: z.string(),
  mimetype: z.string(),
  size: z.number().int(),
  createdAt: z.date(),
  author: userSummarySchema.nullable(),
});
