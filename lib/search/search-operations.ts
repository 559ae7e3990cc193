import { z } from "zod";
import { CATEGORY_GROUPS } from "@/lib/categories/schemas";
import { DOCUMENT_STATUSES } from "@/lib/documents/status";
import { defineOperation } from "@/lib/operations/operation";
import { globalSearch, globalSearchSchema } from "./global-search";

const highlight = z.object({ text: z.string(), match: z.boolean() });
const document = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  highlight: z.array(highlight).nullable(),
});
const template = z.object({ id: z.string(), name: z.string(), published: z.boolean() });
const member = z.object({ id: z.string(), name: z.string(), email: z.string(), status: z.string() });
const category = z.object({ id: z.string(), name: z.string(), group: z.enum(CATEGORY_GROUPS) });
const tag = z.object({ id: z.string(), name: z.string(), color: z.string() });

/** What the search answers, group by group (GraphQL names them: lib/graphql/schema/documents.ts). */
export const searchResultSchemas = {
  results: z.object({
    documents: z.array(document),
    templates: z.array(template),
    members: z.array(member),
    categories: z.array(category),
    tags: z.array(tag),
  }),
  document,
  highlight,
  template,
  member,
  category,
  tag,
};

/**
 * The home screen's search (spec section 7, "search"), declared once
 * (lib/operations/operation.ts). Each group answers only what the caller's permissions show
 * (the service checks them); five results a group.
 */
export const globalSearchOperation = defineOperation({
  name: "globalSearch",
  kind: "query",
  description: "Searches the workspace: documents (full text, matched passages as plain parts), templates, members, categories and tags.",
  callers: ["member", "apiToken"],
  input: globalSearchSchema,
  output: searchResultSchemas.results,
  run: (ctx, input) => globalSearch(ctx, input.q),
});

export const searchOperations = [globalSearchOperation];
