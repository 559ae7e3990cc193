import { z } from "zod";
import { defineOperation } from "@/lib/operations/operation";
import { TEMPLATE_PERMISSIONS } from "@/lib/templates/template-access";
import { TEMPLATE_LIST_DEFAULTS } from "@/lib/templates/find-templates";
import { findTemplates, getTemplate } from "@/lib/templates/templates";
import { VARIABLE_TYPES } from "@/lib/templates/variable-types";
import { publicTemplateGetSchema, publicTemplateListSchema, toPublicTemplate } from "./public-template";

/**
 * The public API (/v1, spec section 7): its two template reads, declared once
 * (lib/operations/operation.ts). Only an API key opens it: a signed-in member's session or
 * bearer token is refused as UNAUTHENTICATED, as an anonymous caller is, before the query is read
 * (runOperation, for operations whose only caller is an API token). The names are the OpenAPI document's operationIds (lib/registry/openapi.ts).
 */
const apiKey = { callers: ["apiToken"], permission: TEMPLATE_PERMISSIONS.view } as const;

const person = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

/** The public view of a template (lib/api/public-template.ts), what GET /v1/openapi.json describes. */
export const publicTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  published: z.boolean(),
  language: z.string().nullable(),
  jurisdiction: z.string().nullable(),
  value: z.number().nullable(),
  currency: z.string().nullable(),
  format: z.string(),
  folderId: z.string().nullable(),
  category: z.object({ id: z.string(), name: z.string() }).nullable(),
  tags: z.array(z.object({ id: z.string(), name: z.string(), color: z.string() })),
  variables: z.array(
    z.looseObject({ name: z.string(), label: z.string().nullable().optional(), type: z.enum(VARIABLE_TYPES), required: z.boolean() }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
  author: person.nullable().optional(),
  folder: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  file: z.object({ name: z.string(), mimetype: z.string(), size: z.number(), version: z.number() }).optional(),
});

export const publicTemplatesOperation = defineOperation({
  name: "findTemplates",
  graphql: false,
  kind: "query",
  description: "GET /v1/templates: a page of the key's workspace's templates, by name or words, folder and order.",
  ...apiKey,
  input: publicTemplateListSchema,
  output: z.object({ page: z.number(), pages: z.number(), perPage: z.number(), total: z.number(), items: z.array(publicTemplateSchema) }),
  run: async (ctx, input) => {
    const { page, pages, perPage, total, items } = await findTemplates(ctx, { ...TEMPLATE_LIST_DEFAULTS, ...input });
    return { page, pages, perPage, total, items: items.map((template) => toPublicTemplate(template)) };
  },
});

export const publicTemplateOperation = defineOperation({
  name: "getTemplate",
  graphql: false,
  kind: "query",
  description: "GET /v1/templates/{id}?expandable=author,folder,file: one template of the key's workspace, else NOT_FOUND.",
  ...apiKey,
  input: publicTemplateGetSchema,
  output: publicTemplateSchema,
  ids: ["id"],
  run: async (ctx, input) => {
    return toPublicTemplate(await getTemplate(ctx, input.id), input.expandable);
  },
});

export const publicApiOperations = [publicTemplatesOperation, publicTemplateOperation];
