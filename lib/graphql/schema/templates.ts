import { queryFromInfo } from "@pothos/plugin-prisma";
import { graphqlInput, resolveOperation, resolvePrismaOperation } from "@/lib/operations/graphql";
import {
  cloneTemplateOperation,
  createTemplateOperation,
  deleteTemplateOperation,
  deleteTemplatesOperation,
  getTemplateOperation,
  listTemplatesOperation,
  moveTemplateOperation,
  publishTemplateOperation,
  updateTemplateOperation,
  updateTemplateVersionOperation,
} from "@/lib/templates/template-operations";
import { variablesSchema, type Variable } from "@/lib/templates/variables";
import { builder, uploadedFile } from "../builder";
import { withoutUndefined } from "./arguments";
import { Author, authorSelect } from "./document-types";

const ID_FIELDS = ["id", "folderId", "categoryId", "tagIds", "authorId", "destinationId"];

type AuthorRow = { id: string; firstName: string; lastName: string; email: string };

type TemplateVariableRow = Variable & { templateId: string };

/**
 * One field definition of a template (spec Variable), typed. `key` is the field's name as written
 * in the file; `id` is `{templateId}:{key}`, stable while the file keeps the field and unique
 * across templates (names are unique within one template).
 */
const TemplateVariable = builder.objectRef<TemplateVariableRow>("TemplateVariable").implement({
  description: "A template's field definition (spec Variable); the same data as Template.variables, typed.",
  fields: (t) => ({
    id: t.id({
      description: "`{templateId}:{key}`: stable while the template's file keeps the field.",
      resolve: (v) => `${v.templateId}:${v.name}`,
    }),
    key: t.string({ description: "The field's name as written in the file, e.g. `client` for [client].", resolve: (v) => v.name }),
    name: t.exposeString("name", { description: "The same as `key` (the name `variables` and document values use)." }),
    label: t.exposeString("label", { nullable: true }),
    type: t.exposeString("type"),
    required: t.exposeBoolean("required"),
    deprecated: t.exposeBoolean("deprecated"),
    options: t.expose("options", { type: "JSON" }),
  }),
});

export const TemplateRef = builder.prismaObject("Template", {
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    description: t.exposeString("description", { nullable: true }),
    published: t.exposeBoolean("published"),
    language: t.exposeString("language", { nullable: true }),
    jurisdiction: t.exposeString("jurisdiction", { nullable: true }),
    value: t.float({ nullable: true, resolve: (tpl) => (tpl.value === null ? null : Number(tpl.value)) }),
    currency: t.exposeString("currency", { nullable: true }),
    /** docx or pdf. */
    format: t.exposeString("format"),
    /** bracket, brace, doubleBrace, dollar, or pdfForm. */
    delimiter: t.exposeString("delimiter"),
    mimetype: t.exposeString("mimetype"),
    fileName: t.exposeString("fileName"),
    size: t.exposeInt("size"),
    version: t.exposeInt("version"),
    /** The field definitions: [{ name, label, type, required, deprecated, options }]. */
    variables: t.expose("variables", { type: "JSON" }),
    variableDefinitions: t.field({
      type: [TemplateVariable],
      description:
        "The field definitions, typed, each with its `id` and `key`. Send changes through `variables` (updateTemplate), without `id` and `key`.",
      select: { id: true, variables: true },
      resolve: (tpl) => variablesSchema.parse(tpl.variables).map((v) => ({ ...v, templateId: tpl.id })),
    }),
    settings: t.expose("settings", { type: "JSON" }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    category: t.relation("category", { nullable: true }),
    folder: t.relation("folder", { nullable: true }),
    tags: t.relation("tags"),
    author: t.field({
      type: Author,
      nullable: true,
      select: { author: authorSelect },
      resolve: (tpl) => (tpl as { author?: AuthorRow | null }).author ?? null,
    }),
  }),
});

const TemplatePage = builder.simpleObject("TemplatePage", {
  fields: (t) => ({ items: t.field({ type: [TemplateRef] }), total: t.int(), page: t.int(), pages: t.int(), perPage: t.int() }),
});

const TemplateInput = builder.inputType("TemplateInput", {
  fields: (t) => ({
    name: t.string(),
    description: t.string(),
    language: t.string(),
    jurisdiction: t.string(),
    value: t.float(),
    currency: t.string(),
    categoryId: t.id(),
    folderId: t.id(),
    tagIds: t.idList(),
    variables: t.field({ type: "JSON", description: "Field definitions (lib/templates/variables.ts), checked together with formulas." }),
  }),
});

const PublishInput = builder.inputType("PublishTemplateInput", { fields: (t) => ({ published: t.boolean({ required: true }) }) });

/** Template fields without undefined, and without nulls where null means nothing; ids as strings. */
const cleanFields = (data: object | null | undefined) => {
  const fields = withoutUndefined(data);
  for (const key of ["name", "tagIds", "variables"]) if (fields[key] === null) delete fields[key];
  for (const key of ["categoryId", "folderId"]) if (fields[key] !== null && fields[key] !== undefined) fields[key] = String(fields[key]);
  if (Array.isArray(fields.tagIds)) fields.tagIds = fields.tagIds.map(String);
  return fields;
};

/** An uploaded GraphQL File as the declarations' `files`. */
const filesOf = async (file: File) => [await uploadedFile(file)];

builder.queryFields((t) => ({
  templates: t.field({
    type: TemplatePage,
    description: "A page of the account's templates (25 by default).",
    args: {
      page: t.arg.int(),
      size: t.arg.int(),
      name: t.arg.string(),
      search: t.arg.string(),
      folderId: t.arg.id({ description: "A folder, or null for the root (Drive). Absent: every folder." }),
      categoryId: t.arg.id(),
      tagIds: t.arg.idList(),
      published: t.arg.boolean(),
      authorId: t.arg.id(),
      orderBy: t.arg.string(),
      sortBy: t.arg.string(),
    },
    resolve: (root, args, context, info) => {
      // Records what the page loads for `items`, so relations the service included are not fetched again.
      queryFromInfo({ context, info, path: ["items"] });
      // folderId null is the root (Drive), not "any folder".
      const toInput = (raw: Record<string, unknown>) => ({
        ...graphqlInput(raw, ID_FIELDS),
        ...(raw.folderId === null ? { folderId: null } : {}),
      });
      return resolveOperation(listTemplatesOperation, toInput)(root, args, context);
    },
  }),
  template: t.prismaField({
    type: "Template",
    args: { id: t.arg.id({ required: true }) },
    resolve: resolvePrismaOperation(getTemplateOperation),
  }),
}));

builder.mutationFields((t) => ({
  createTemplate: t.prismaField({
    type: "Template",
    description: "Creates an unpublished template from a .docx, .pdf (with a form) or .doc, finding its fields.",
    args: { data: t.arg({ type: TemplateInput }), file: t.arg({ type: "File", required: true }) },
    resolve: async (query, root, args, context) => {
      const files = await filesOf(args.file);
      return resolvePrismaOperation(createTemplateOperation, () => ({ ...cleanFields(args.data), files }))(query, root, args, context);
    },
  }),
  updateTemplate: t.prismaField({
    type: "Template",
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: TemplateInput, required: true }) },
    resolve: resolvePrismaOperation(updateTemplateOperation, ({ id, data }) => ({ ...cleanFields(data as object), id: String(id) })),
  }),
  cloneTemplate: t.prismaField({
    type: "Template",
    args: { id: t.arg.id({ required: true }) },
    resolve: resolvePrismaOperation(cloneTemplateOperation),
  }),
  updateTemplateDestinationFolder: t.prismaField({
    type: "Template",
    description: "Moves a template to a template folder, or to the root (Drive) with a null destinationId.",
    args: { id: t.arg.id({ required: true }), destinationId: t.arg.id() },
    resolve: resolvePrismaOperation(moveTemplateOperation),
  }),
  updateTemplateVersion: t.prismaField({
    type: "Template",
    description:
      "Replaces the template's file; known fields keep their settings. `delimiter` is accepted, but the format is found in the file.",
    args: { id: t.arg.id({ required: true }), file: t.arg({ type: "File", required: true }), delimiter: t.arg.string() },
    resolve: async (query, root, args, context) => {
      const files = await filesOf(args.file);
      const input = (raw: Record<string, unknown>) => ({ ...graphqlInput({ id: raw.id, delimiter: raw.delimiter }, ["id"]), files });
      return resolvePrismaOperation(updateTemplateVersionOperation, input)(query, root, args, context);
    },
  }),
  publishUnpublishTemplate: t.prismaField({
    type: "Template",
    description: "Publishes or unpublishes a template; only published templates make documents.",
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: PublishInput, required: true }) },
    resolve: resolvePrismaOperation(publishTemplateOperation, ({ id, data }) => ({
      id: String(id),
      published: (data as { published: boolean }).published,
    })),
  }),
  deleteTemplate: t.field({
    type: "ID",
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(deleteTemplateOperation, null, (result) => result.ids[0]),
  }),
  bulkDeleteTemplates: t.field({
    type: ["ID"],
    args: { ids: t.arg.idList({ required: true }) },
    resolve: resolveOperation(deleteTemplatesOperation, null, (result) => result.ids),
  }),
}));
