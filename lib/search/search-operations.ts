import { z } from "zod";
import { DOCUMENT_STATUSES } from "@/lib/documents/status";
import { defineOperation } from "@/lib/operations/operation";
import { globalSearch, globalSearchSchema } from "./global-search";

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
  output: z.object({
    documents: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        status: z.enum(DOCUMENT_STATUSES),
        highlight: z.array(z.object({ text: z.string(), match: z.boolean() })).nullable(),
      }),
    ),
    templates: z.array(z.object({ id: z.string(), name: z.string(), published: z.boolean() })),
    members: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), status: z.string() })),
    categories: z.array(z.object({ id: z.string(), name: z.string(), group: z.string() })),
    tags: z.array(z.object({ id: z.string(), name: z.string(), color: z.string() })),
  }),
  run: (ctx, input) => globalSearch(ctx, input.q),
});

export const searchOperations = [globalSearchOperation];
