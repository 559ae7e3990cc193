import { queryFromInfo } from "@pothos/plugin-prisma";
import { z } from "zod";
import { parseInput } from "@/lib/http/parse-input";
import {
  cloneTemplate,
  createTemplate,
  deleteTemplates,
  findTemplates,
  getTemplate,
  publishUnpublishTemplate,
  templateFieldsSchema,
  templateListSchema,
  updateTemplate,
  updateTemplateDestinationFolder,
  updateTemplateVersion,
} from "@/lib/templates/templates";
import { variablesSchema, type Variable } from "@/lib/templates/variables";
import { builder, uploadedFile } from "../builder";
import { Author, authorSelect, versionArgsSchema, withoutNulls, withoutUndefined } from "./documents";

const id = z.string().min(1).max(64);
const idSchema = z.object({ id });
const idsSchema = z.object({ ids: z.array(id).min(1).max(500) });
const destinationSchema = z.object({ id, destinationId: id.nullable() });
const publishSchema = z.object({ id, published: z.boolean() });

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

/** Template fields without undefined, and without nulls where null means nothing. */
const cleanFields = (data: object | null | undefined) => {
  const fields = withoutUndefined(data);
  for (const key of ["name", "tagIds", "variables"]) if (fields[key] === null) delete fields[key];
  return fields;
};

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
    resolve: (_root, args, context, info) => {
      const input = parseInput(templateListSchema, withoutNulls(args, ["folderId"]), "templates");
      // Records what the page loads for `items`, so relations the service included are not fetched again.
      queryFromInfo({ context, info, path: ["items"] });
      return findTemplates(context.ctx, input);
    },
  }),
  template: t.prismaField({
    type: "Template",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_query, _root, args, { ctx }) => getTemplate(ctx, parseInput(idSchema, args, "template").id),
  }),
}));

builder.mutationFields((t) => ({
  createTemplate: t.prismaField({
    type: "Template",
    description: "Creates an unpublished template from a .docx, .pdf (with a form) or .doc, finding its fields.",
    args: { data: t.arg({ type: TemplateInput }), file: t.arg({ type: "File", required: true }) },
    resolve: async (_query, _root, { data, file }, { ctx }) =>
      createTemplate(ctx, parseInput(templateFieldsSchema, cleanFields(data), "createTemplate"), await uploadedFile(file)),
  }),
  updateTemplate: t.prismaField({
    type: "Template",
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: TemplateInput, required: true }) },
    resolve: (_query, _root, { id: templateId, data }, { ctx }) =>
      updateTemplate(
        ctx,
        parseInput(idSchema, { id: templateId }, "updateTemplate").id,
        parseInput(templateFieldsSchema, cleanFields(data), "updateTemplate"),
      ),
  }),
  cloneTemplate: t.prismaField({
    type: "Template",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_query, _root, args, { ctx }) => cloneTemplate(ctx, parseInput(idSchema, args, "cloneTemplate").id),
  }),
  updateTemplateDestinationFolder: t.prismaField({
    type: "Template",
    description: "Moves a template to a template folder, or to the root (Drive) with a null destinationId.",
    args: { id: t.arg.id({ required: true }), destinationId: t.arg.id() },
    resolve: (_query, _root, args, { ctx }) => {
      const input = parseInput(
        destinationSchema,
        { id: args.id, destinationId: args.destinationId ?? null },
        "updateTemplateDestinationFolder",
      );
      return updateTemplateDestinationFolder(ctx, input.id, input.destinationId);
    },
  }),
  updateTemplateVersion: t.prismaField({
    type: "Template",
    description:
      "Replaces the template's file; known fields keep their settings. `delimiter` is accepted, but the format is found in the file.",
    args: { id: t.arg.id({ required: true }), file: t.arg({ type: "File", required: true }), delimiter: t.arg.string() },
    resolve: async (_query, _root, { id: templateId, file, delimiter }, { ctx }) => {
      const input = parseInput(versionArgsSchema, withoutNulls({ id: templateId, delimiter }), "updateTemplateVersion");
      return updateTemplateVersion(ctx, input.id, await uploadedFile(file));
    },
  }),
  publishUnpublishTemplate: t.prismaField({
    type: "Template",
    description: "Publishes or unpublishes a template; only published templates make documents.",
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: PublishInput, required: true }) },
    resolve: (_query, _root, { id: templateId, data }, { ctx }) => {
      const input = parseInput(publishSchema, { id: templateId, published: data.published }, "publishUnpublishTemplate");
      return publishUnpublishTemplate(ctx, input.id, input.published);
    },
  }),
  deleteTemplate: t.field({
    type: "ID",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, { ctx }) => (await deleteTemplates(ctx, [parseInput(idSchema, args, "deleteTemplate").id]))[0],
  }),
  bulkDeleteTemplates: t.field({
    type: ["ID"],
    args: { ids: t.arg.idList({ required: true }) },
    resolve: (_root, args, { ctx }) => deleteTemplates(ctx, parseInput(idsSchema, args, "bulkDeleteTemplates").ids),
  }),
}));
