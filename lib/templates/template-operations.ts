import { z } from "zod";
import { idsSchema } from "@/lib/categories/schemas";
import { fileResponse } from "@/lib/http/file-response";
import { parseInput } from "@/lib/http/parse-input";
import { defineOperation, fileOutput, uploadedFiles } from "@/lib/operations/operation";
import { exportTemplatesCsv } from "./export-templates";
import { templateListFromQuery } from "./find-templates-query";
import { getSampleTemplate, sampleTemplateSchema } from "./get-sample-template";
import { TEMPLATE_PERMISSIONS } from "./template-access";
import { templatePageSchema, templateSchema } from "./template-output";
import {
  cloneTemplate,
  createTemplate,
  deleteTemplates,
  findTemplates,
  getTemplate,
  getTemplateFile,
  publishUnpublishTemplate,
  templateFieldsSchema,
  templateListSchema,
  updateTemplate,
  updateTemplateVersion,
} from "./templates";
import { idString } from "@/lib/validation/ids";

/**
 * The templates' operations (spec section 7, "templates"), declared once for REST and GraphQL
 * (lib/operations/operation.ts). The services check the permissions (template-access.ts:
 * ViewTemplates to read, ManageTemplates to change); an API token acts as its member.
 */
const members = { callers: ["member", "apiToken"] } as const;
const readers = { ...members, permission: TEMPLATE_PERMISSIONS.view } as const;
const managers = { ...members, permission: TEMPLATE_PERMISSIONS.manage } as const;
const id = idString();
const idInput = z.object({ id }).strict();
/** The references a template's details may name: the workspace's own, else NOT_FOUND. */
const references = ["categoryId", "folderId", "tagIds"] as const;

/**
 * The list filters as the /templates address bar has them (state=published&q=…&folder=root&tag=a,b
 * &author=…&dateField=…&from=…&to=…&orderBy=…&sortBy=…): what the CSV export takes, so that its
 * link is the list's own query. Other keys are ignored.
 */
const listQuerySchema = z.object(
  Object.fromEntries(
    ["state", "q", "category", "tag", "folder", "author", "dateField", "from", "to", "orderBy", "sortBy", "size", "page"].map((key) => [
      key,
      z.string().max(1000).optional(),
    ]),
  ) as Record<
    "state" | "q" | "category" | "tag" | "folder" | "author" | "dateField" | "from" | "to" | "orderBy" | "sortBy" | "size" | "page",
    z.ZodOptional<z.ZodString>
  >,
);

/** The address-bar filters read into findTemplates' input (absent ones left out). */
const fromQuery = (raw: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(templateListFromQuery(new URLSearchParams(raw as Record<string, string>))).filter(([, value]) => value !== undefined),
  );

export const listTemplatesOperation = defineOperation({
  name: "templates",
  kind: "query",
  description:
    "A page of the workspace's templates (25 by default) with the list filters; REST takes them as the /templates address bar has them.",
  ...readers,
  input: templateListSchema,
  output: templatePageSchema,
  run: (ctx, input) => findTemplates(ctx, input),
});

export const getTemplateOperation = defineOperation({
  name: "template",
  kind: "query",
  description: "One template of the workspace, else NOT_FOUND.",
  ...readers,
  input: idInput,
  output: templateSchema,
  ids: ["id"],
  run: (ctx, input) => getTemplate(ctx, input.id),
});

export const createTemplateOperation = defineOperation({
  name: "createTemplate",
  kind: "upload",
  description: "Creates an unpublished template from a .docx, .pdf (with a form) or .doc, finding its fields.",
  ...managers,
  upload: { maxFiles: 1 },
  input: templateFieldsSchema.extend({ files: uploadedFiles.min(1).max(1) }),
  output: templateSchema,
  ids: references,
  run: (ctx, { files, ...fields }) => createTemplate(ctx, fields, files[0]),
});

export const updateTemplateOperation = defineOperation({
  name: "updateTemplate",
  kind: "mutation",
  description: "Updates a template's details and field definitions (checked together with formulas); what is not given is kept.",
  ...managers,
  input: templateFieldsSchema.extend({ id }),
  output: templateSchema,
  ids: ["id", ...references],
  run: (ctx, { id: templateId, ...fields }) => updateTemplate(ctx, templateId, fields),
});

export const moveTemplateOperation = defineOperation({
  name: "updateTemplateDestinationFolder",
  kind: "mutation",
  description: "Moves a template to a template folder, or to the root (Drive) with a null destinationId.",
  ...managers,
  input: z.object({ id, destinationId: id.nullable().default(null) }).strict(),
  output: templateSchema,
  ids: ["id", "destinationId"],
  run: (ctx, input) => updateTemplate(ctx, input.id, { folderId: input.destinationId }),
});

export const cloneTemplateOperation = defineOperation({
  name: "cloneTemplate",
  kind: "mutation",
  description: 'Copies a template, file included, as an unpublished "<name> (copy)".',
  ...managers,
  input: idInput,
  output: templateSchema,
  ids: ["id"],
  run: (ctx, input) => cloneTemplate(ctx, input.id),
});

export const updateTemplateVersionOperation = defineOperation({
  name: "updateTemplateVersion",
  kind: "upload",
  description:
    "Replaces the template's file; known fields keep their settings. `delimiter` is accepted, but the format is found in the file.",
  ...managers,
  upload: { maxFiles: 1 },
  input: z.object({ id, delimiter: z.string().trim().max(20).optional(), files: uploadedFiles.min(1).max(1) }).strict(),
  output: templateSchema,
  ids: ["id"],
  run: (ctx, input) => updateTemplateVersion(ctx, input.id, input.files[0]),
});

export const publishTemplateOperation = defineOperation({
  name: "publishUnpublishTemplate",
  kind: "mutation",
  description: "Publishes or unpublishes a template; only published templates make documents.",
  ...managers,
  input: z.object({ id, published: z.boolean() }).strict(),
  output: templateSchema,
  ids: ["id"],
  run: (ctx, input) => publishUnpublishTemplate(ctx, input.id, input.published),
});

export const deleteTemplateOperation = defineOperation({
  name: "deleteTemplate",
  kind: "mutation",
  description: "Deletes a template; documents made from it stay.",
  ...managers,
  input: idInput,
  output: z.object({ ids: z.array(z.string()) }),
  ids: ["id"],
  run: async (ctx, input) => ({ ids: await deleteTemplates(ctx, [input.id]) }),
});

export const deleteTemplatesOperation = defineOperation({
  name: "bulkDeleteTemplates",
  kind: "mutation",
  description: "Deletes several templates, all or none; the ids deleted.",
  ...managers,
  input: idsSchema,
  output: z.object({ ids: z.array(z.string()) }),
  ids: ["ids"],
  run: async (ctx, input) => ({ ids: await deleteTemplates(ctx, input.ids) }),
});

export const templateFileOperation = defineOperation({
  name: "getTemplateFile",
  kind: "download",
  description: "The template's current file.",
  ...readers,
  input: idInput,
  output: fileOutput,
  ids: ["id"],
  run: async (ctx, input) => fileResponse(await getTemplateFile(ctx, input.id)),
});

export const exportTemplatesOperation = defineOperation({
  name: "exportTemplates",
  kind: "download",
  description: "The templates list with the same filters (as the /templates address bar has them), as a CSV file.",
  ...readers,
  input: listQuerySchema,
  output: fileOutput,
  run: async (ctx, input) => {
    // The address-bar filters are checked as the list's input: a bad one is VALIDATION_FAILED.
    const filters = parseInput(templateListSchema, fromQuery(input), "exportTemplates");
    const day = new Date().toISOString().slice(0, 10);
    return fileResponse({
      stream: await exportTemplatesCsv(ctx, filters),
      mimetype: "text/csv; charset=utf-8",
      fileName: `templates-${day}.csv`,
    });
  },
});

export const sampleTemplateOperation = defineOperation({
  name: "getSampleTemplate",
  kind: "download",
  description: "The welcome tour's sample template (lang en or es), as an attachment.",
  ...members,
  input: sampleTemplateSchema,
  output: fileOutput,
  run: async (ctx, input) => fileResponse(getSampleTemplate(ctx, input)),
});

/** The REST list takes the address-bar filters (templateListFromQuery). */
export const templateListFromRest = fromQuery;

export const templateOperations = [
  listTemplatesOperation,
  getTemplateOperation,
  createTemplateOperation,
  updateTemplateOperation,
  moveTemplateOperation,
  cloneTemplateOperation,
  updateTemplateVersionOperation,
  publishTemplateOperation,
  deleteTemplateOperation,
  deleteTemplatesOperation,
  templateFileOperation,
  exportTemplatesOperation,
  sampleTemplateOperation,
];
