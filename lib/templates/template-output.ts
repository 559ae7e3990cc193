import { z } from "zod";
import { categorySchema } from "@/lib/categories/category-operations";
import { tagSchema } from "@/lib/tags/tag-operations";
import type { Variable } from "./variables";

/**
 * A template as the workspace's REST routes answer it (issue 14, part 5): the row's details and
 * field definitions with its tags, category, folder and author, and nothing else. The storage
 * key and the file's text (metadata) stay on the server.
 */
export const templateSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  authorId: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  published: z.boolean(),
  language: z.string().nullable(),
  jurisdiction: z.string().nullable(),
  /** A decimal, as its text (as JSON gave it before); null when not set. */
  value: z
    .unknown()
    .transform((value) => (value === null || value === undefined ? null : String(value)))
    .nullable(),
  currency: z.string().nullable(),
  categoryId: z.string().nullable(),
  folderId: z.string().nullable(),
  format: z.string(),
  delimiter: z.string(),
  mimetype: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  version: z.number().int(),
  variables: z.custom<Variable[]>((value) => Array.isArray(value)),
  settings: z.custom<Record<string, unknown>>((value) => !!value && typeof value === "object"),
  createdAt: z.date(),
  updatedAt: z.date(),
  tags: z.array(tagSchema),
  category: categorySchema.nullable(),
  folder: z.object({ id: z.string(), name: z.string(), group: z.string(), parentId: z.string().nullable() }).nullable(),
  author: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
});

export const templatePageSchema = z.object({
  items: z.array(templateSchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  perPage: z.number().int(),
});
