import type { z } from "zod";
import type { Operation } from "@/lib/operations/operation";
import { IDENTITY_TYPES } from "@/lib/templates/structured-values";
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
import { CURRENCY_FORMATS, VARIABLE_TYPES } from "@/lib/templates/variable-types";
import { variableOptionsSchema, variableSchema, variablesSchema, type Variable } from "@/lib/templates/variables";
import { builder } from "../builder";
import { declaredField, declaredFields, oneFile, type Naming } from "../from-declarations";
import { Author, authorSelect } from "./document-types";

/**
 * Templates (spec section 7: createTemplate (data, file), cloneTemplate (id),
 * updateTemplateDestinationFolder, updateTemplateVersion (id, file, delimiter),
 * publishUnpublishTemplate (id, data)). Each field runs its declaration
 * (lib/templates/template-operations.ts) and is built from it (lib/graphql/from-declarations.ts):
 * arguments by the input's names (the spec's `data` where it names one), enums and descriptions.
 * The Template object stays written by hand (a Prisma object: its category, folder, tags and
 * author load in the statement that reads it); the drift test checks it carries every field of
 * the declarations' output. The uploads take their `file` as a File argument in place of the
 * declaration's `files`.
 */

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
    accountId: t.exposeID("accountId"),
    authorId: t.exposeID("authorId", { nullable: true }),
    categoryId: t.exposeID("categoryId", { nullable: true }),
    folderId: t.exposeID("folderId", { nullable: true }),
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

/** The GraphQL names of the declarations' shapes and enums (lib/graphql/from-declarations.ts). */
const naming: Naming = {
  names: new Map<z.ZodType, string>([
    [variableSchema, "TemplateVariable"],
    [variableOptionsSchema, "TemplateVariableOptions"],
  ]),
  enums: {
    [VARIABLE_TYPES.join("|")]: "TemplateVariableType",
    [CURRENCY_FORMATS.join("|")]: "CurrencyFormat",
    [IDENTITY_TYPES.join("|")]: "IdentityType",
    "createdAt|updatedAt": "TemplateDateField",
    "name|createdAt|updatedAt": "TemplateOrderBy",
    "asc|desc": "SortDirection",
  },
};

const op = (operation: unknown) => operation as Operation;

builder.queryFields((t) => ({
  // folderId null is the root (Drive), not "any folder": the declaration takes that null.
  templates: declaredField(t as never, op(listTemplatesOperation), naming, { ref: TemplatePage, page: true }) as never,
  template: declaredField(t as never, op(getTemplateOperation), naming, { ref: "Template", prisma: true }) as never,
}));

builder.mutationFields((t) => ({
  // The uploads take their `file` as a File argument, in place of the declaration's `files`.
  createTemplate: declaredField(t as never, op(createTemplateOperation), naming, {
    ref: "Template",
    prisma: true,
    data: { outside: [], optional: true },
    upload: oneFile(),
  }) as never,
  updateTemplateVersion: declaredField(t as never, op(updateTemplateVersionOperation), naming, {
    ref: "Template",
    prisma: true,
    upload: oneFile(),
  }) as never,
  ...declaredFields(
    t as never,
    [updateTemplateOperation, cloneTemplateOperation, moveTemplateOperation] as unknown as Operation[],
    naming,
    {
      updateTemplate: { ref: "Template", prisma: true },
      cloneTemplate: { ref: "Template", prisma: true },
      updateTemplateDestinationFolder: { ref: "Template", prisma: true },
    },
  ),
  publishUnpublishTemplate: declaredField(t as never, op(publishTemplateOperation), naming, {
    ref: "Template",
    prisma: true,
    data: { outside: ["id"] },
  }) as never,
  ...declaredFields(t as never, [deleteTemplateOperation, deleteTemplatesOperation] as unknown as Operation[], naming, {
    deleteTemplate: { pick: { type: "ID", from: (result: { ids: string[] }) => result.ids[0] } as never },
    bulkDeleteTemplates: { pick: { type: ["ID"], from: (result: { ids: string[] }) => result.ids } as never },
  }),
}));
