import { z } from "zod";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan } from "@/lib/auth/permissions";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { assertOwnReferences } from "@/lib/documents/references";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { inspectContractFile, type ContractFile } from "@/lib/files/inspect-contract-file";
import type { UploadedFile } from "@/lib/files/upload-limits";
import { pageArgs, pageOf, type PageInput } from "@/lib/pagination";
import { getTranslator } from "@/lib/i18n/messages";
import { storage } from "@/lib/storage/storage";
import { matchingTemplateIds, refreshTemplateSearch } from "./template-search";
import { assertValidVariables, defaultVariable, mergeDetected, variablesSchema, type Variable } from "./variables";

const id = z.string().min(1).max(64);
/** A calendar day, YYYY-MM-DD, that is a real date. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "Enter a valid date.");

/** The fields a person sets on a template (all optional on update). */
export const templateFieldsSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    description: z.string().trim().max(2000).nullable(),
    language: z.string().trim().max(10).nullable(),
    jurisdiction: z.string().trim().max(100).nullable(),
    value: z.number().min(0).max(1e12).nullable(),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/)
      .nullable(),
    categoryId: id.nullable(),
    folderId: id.nullable(),
    tagIds: z.array(id).max(50),
    variables: variablesSchema,
  })
  .partial()
  .strict();
export type TemplateFields = z.infer<typeof templateFieldsSchema>;

export const templateListSchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(100).default(25),
    name: z.string().trim().max(200).optional(),
    search: z.string().trim().max(200).optional(),
    folderId: id.nullable().optional(),
    categoryId: id.optional(),
    tagIds: z.array(id).max(20).optional(),
    published: z.boolean().optional(),
    authorId: id.optional(),
    /** The date the from/to range applies to; both days are included (UTC). */
    dateField: z.enum(["createdAt", "updatedAt"]).default("createdAt"),
    from: day.optional(),
    to: day.optional(),
    orderBy: z.enum(["name", "createdAt", "updatedAt"]).default("updatedAt"),
    sortBy: z.enum(["asc", "desc"]).default("desc"),
  })
  .strict();
export type TemplateListInput = z.input<typeof templateListSchema>;

const notFound = () => new AppError(AppErrorCode.NOT_FOUND, { message: "Template not found." });

export const templateInclude = {
  tags: true,
  category: true,
  folder: true,
  author: { select: { id: true, firstName: true, lastName: true, email: true } },
} as const;

/**
 * Definitions for the fields found in a file: PDF field kinds give checkbox and choice types, and
 * a button (where PDF forms take pictures) an optional image field.
 */
function initialVariables(file: ContractFile, previous: Variable[] = []): Variable[] {
  if (file.delimiter !== "pdfForm") return mergeDetected(file.fields, previous);
  const known = new Map(previous.map((v) => [v.name, v]));
  return file.pdfFields.map((field) => {
    if (known.has(field.name)) return known.get(field.name)!;
    const type =
      field.kind === "checkbox"
        ? "checkbox"
        : field.kind === "dropdown"
          ? "dropdown"
          : field.kind === "radio"
            ? "radio"
            : field.kind === "list"
              ? "list"
              : field.kind === "button"
                ? "image"
                : "text";
    const variable = defaultVariable(field.name, type);
    if (type === "image") return { ...variable, required: false };
    return field.options.length ? { ...variable, options: { choices: field.options } } : { ...variable, required: type !== "checkbox" };
  });
}

/** A template file: any contract file, but a PDF must have a form (its fields are the variables). */
async function inspectTemplateFile(upload: UploadedFile): Promise<ContractFile> {
  const file = await inspectContractFile(upload);
  if (file.format === "pdf" && file.delimiter !== "pdfForm")
    throw new AppError(AppErrorCode.NO_PDF_FORM, { message: "No form detected in the pdf file." });
  return file;
}

const storageKey = (accountId: string, templateId: string, version: number, ext: string) =>
  `accounts/${accountId}/templates/${templateId}/v${version}.${ext}`;

/** The template, when it is the caller's account's. Needs ViewTemplates. */
export async function getTemplate(ctx: ServiceContext, templateId: string) {
  const { accountId } = accountScope(ctx);
  assertCan(ctx, ["ViewTemplates", "ManageTemplates"]);
  const template = await db.template.findFirst({ where: { id: templateId, accountId }, include: templateInclude });
  if (!template) throw notFound();
  return template;
}

/**
 * Creates a template from an uploaded .docx, .pdf or .doc: the file is checked by content, its
 * variable fields found (one format only; a PDF needs a form), stored, and the template saved
 * unpublished with a text definition for each field. Needs ManageTemplates.
 */
export async function createTemplate(ctx: ServiceContext, fields: TemplateFields, upload: UploadedFile) {
  const { accountId } = accountScope(ctx);
  assertCan(ctx, "ManageTemplates");
  const input = templateFieldsSchema.parse(fields);
  const file = await inspectTemplateFile(upload);
  const variables = input.variables ?? initialVariables(file);
  assertValidVariables(variables);
  const name =
    input.name ??
    (upload.name
      .replace(/\.[^.]+$/, "")
      .trim()
      .slice(0, 200) ||
      getTranslator(ctx.locale)("templates.defaultName"));

  const templateId = crypto.randomUUID().replace(/-/g, "").slice(0, 25);
  const key = storageKey(accountId, templateId, 1, file.ext);
  await storage().put(key, file.bytes);
  try {
    return await db.$transaction(async (tx) => {
      await assertOwnReferences(tx, accountId, {
        categoryId: input.categoryId,
        folderId: input.folderId,
        folderGroup: "template",
        tagIds: input.tagIds,
      });
      const template = await tx.template.create({
        data: {
          id: templateId,
          accountId,
          authorId: ctx.userId,
          name,
          description: input.description ?? null,
          language: input.language ?? null,
          jurisdiction: input.jurisdiction ?? null,
          value: input.value ?? null,
          currency: input.currency?.toUpperCase() ?? null,
          categoryId: input.categoryId ?? null,
          folderId: input.folderId ?? null,
          tags: input.tagIds?.length ? { connect: input.tagIds.map((tagId) => ({ id: tagId })) } : undefined,
          format: file.format,
          delimiter: file.delimiter ?? "bracket",
          fileKey: key,
          mimetype: file.mimetype,
          fileName: upload.name.slice(0, 255),
          size: file.bytes.byteLength,
          variables: variables as unknown as Prisma.InputJsonValue,
          metadata: { text: file.text.slice(0, 100_000) },
        },
        include: templateInclude,
      });
      await refreshTemplateSearch(tx, template.id);
      await recordAudit(tx, ctx, {
        eventType: "template.created",
        targetType: "template",
        targetId: template.id,
        payload: { name, fields: variables.length, format: file.format },
      });
      return template;
    });
  } catch (error) {
    await storage().delete(key);
    throw error;
  }
}

/** Updates a template's details and field definitions (validated together). Needs ManageTemplates. */
export async function updateTemplate(ctx: ServiceContext, templateId: string, fields: TemplateFields) {
  const { accountId } = accountScope(ctx);
  assertCan(ctx, "ManageTemplates");
  const input = templateFieldsSchema.parse(fields);
  const existing = await db.template.findFirst({ where: { id: templateId, accountId }, select: { id: true, variables: true } });
  if (!existing) throw notFound();
  if (input.variables) {
    const previous = new Set((existing.variables as Variable[]).map((v) => v.name));
    const unknown = input.variables.find((v) => !previous.has(v.name));
    if (unknown)
      throw new AppError(AppErrorCode.VALIDATION_FAILED, {
        message: `"${unknown.name}" is not a field of this template.`,
        params: { fields: unknown.name },
      });
    assertValidVariables(input.variables);
  }
  return db.$transaction(async (tx) => {
    await assertOwnReferences(tx, accountId, {
      categoryId: input.categoryId,
      folderId: input.folderId,
      folderGroup: "template",
      tagIds: input.tagIds,
    });
    const template = await tx.template.update({
      where: { id: existing.id },
      data: {
        name: input.name,
        description: input.description,
        language: input.language,
        jurisdiction: input.jurisdiction,
        value: input.value,
        currency: input.currency === undefined ? undefined : (input.currency?.toUpperCase() ?? null),
        categoryId: input.categoryId,
        folderId: input.folderId,
        tags: input.tagIds ? { set: input.tagIds.map((tagId) => ({ id: tagId })) } : undefined,
        variables: input.variables as unknown as Prisma.InputJsonValue | undefined,
      },
      include: templateInclude,
    });
    await refreshTemplateSearch(tx, template.id);
    await recordAudit(tx, ctx, {
      eventType: "template.updated",
      targetType: "template",
      targetId: template.id,
      payload: { fields: Object.keys(input) },
    });
    return template;
  });
}

/** Publishes or unpublishes a template (spec: one call). Only published templates make documents. */
export async function publishUnpublishTemplate(ctx: ServiceContext, templateId: string, published: boolean) {
  const { accountId } = accountScope(ctx);
  assertCan(ctx, "ManageTemplates");
  const existing = await db.template.findFirst({ where: { id: templateId, accountId }, select: { id: true } });
  if (!existing) throw notFound();
  return db.$transaction(async (tx) => {
    const template = await tx.template.update({ where: { id: existing.id }, data: { published }, include: templateInclude });
    await recordAudit(tx, ctx, {
      eventType: published ? "template.published" : "template.unpublished",
      targetType: "template",
      targetId: template.id,
    });
    return template;
  });
}

/** Copies a template, file included, as an unpublished "<name> (copy)" in the caller's language. */
export async function cloneTemplate(ctx: ServiceContext, templateId: string) {
  const { accountId } = accountScope(ctx);
  assertCan(ctx, "ManageTemplates");
  const source = await db.template.findFirst({ where: { id: templateId, accountId }, include: { tags: { select: { id: true } } } });
  if (!source) throw notFound();
  const stored = await storage().get(source.fileKey);
  if (!stored) throw notFound();
  const bytes = new Uint8Array(await new Response(stored.stream).arrayBuffer());
  const newId = crypto.randomUUID().replace(/-/g, "").slice(0, 25);
  const key = storageKey(accountId, newId, 1, source.format);
  await storage().put(key, bytes);
  return db.$transaction(async (tx) => {
    const { tags, ...rest } = source;
    const template = await tx.template.create({
      data: {
        ...rest,
        createdAt: undefined,
        updatedAt: undefined,
        id: newId,
        authorId: ctx.userId,
        name: getTranslator(ctx.locale)("templates.copyName", { name: source.name }).slice(0, 200),
        published: false,
        version: 1,
        fileKey: key,
        variables: source.variables as Prisma.InputJsonValue,
        settings: source.settings as Prisma.InputJsonValue,
        metadata: source.metadata as Prisma.InputJsonValue,
        tags: { connect: tags },
      },
      include: templateInclude,
    });
    await refreshTemplateSearch(tx, template.id);
    await recordAudit(tx, ctx, {
      eventType: "template.cloned",
      targetType: "template",
      targetId: template.id,
      payload: { from: source.id },
    });
    return template;
  });
}

/** Moves a template into a template folder, or to the root (Drive) with null. */
export async function updateTemplateDestinationFolder(ctx: ServiceContext, templateId: string, destinationId: string | null) {
  return updateTemplate(ctx, templateId, { folderId: destinationId });
}

/**
 * Replaces a template's file with a new version: its fields are found again, known ones keep
 * their settings, new ones start as text, and removed ones go. Needs ManageTemplates.
 */
export async function updateTemplateVersion(ctx: ServiceContext, templateId: string, upload: UploadedFile) {
  const { accountId } = accountScope(ctx);
  assertCan(ctx, "ManageTemplates");
  const existing = await db.template.findFirst({ where: { id: templateId, accountId } });
  if (!existing) throw notFound();
  const file = await inspectTemplateFile(upload);
  const variables = initialVariables(file, existing.variables as Variable[]).map((v) => {
    // A formula whose inputs went away falls back to a plain number field.
    if (v.type !== "formula") return v;
    try {
      assertValidVariables([...initialVariables(file, existing.variables as Variable[]).filter((o) => o.name !== v.name), v]);
      return v;
    } catch {
      return { ...v, type: "number" as const, options: { ...v.options, formula: undefined } };
    }
  });
  assertValidVariables(variables);
  const version = existing.version + 1;
  const key = storageKey(accountId, existing.id, version, file.ext);
  await storage().put(key, file.bytes);
  return db.$transaction(async (tx) => {
    const template = await tx.template.update({
      where: { id: existing.id },
      data: {
        version,
        format: file.format,
        delimiter: file.delimiter ?? "bracket",
        fileKey: key,
        mimetype: file.mimetype,
        fileName: upload.name.slice(0, 255),
        size: file.bytes.byteLength,
        variables: variables as unknown as Prisma.InputJsonValue,
        metadata: { ...(existing.metadata as object), text: file.text.slice(0, 100_000) },
      },
      include: templateInclude,
    });
    await refreshTemplateSearch(tx, template.id);
    await recordAudit(tx, ctx, {
      eventType: "template.versionUpdated",
      targetType: "template",
      targetId: template.id,
      payload: { version, fields: variables.length },
    });
    return template;
  });
}

/** Deletes templates of the account, all or none. Documents made from them stay. */
export async function deleteTemplates(ctx: ServiceContext, ids: string[]) {
  const { accountId } = accountScope(ctx);
  assertCan(ctx, "ManageTemplates");
  const unique = [...new Set(ids)];
  const found = await db.template.findMany({ where: { accountId, id: { in: unique } }, select: { id: true, name: true, fileKey: true } });
  if (found.length !== unique.length) throw notFound();
  await db.$transaction(async (tx) => {
    await tx.template.deleteMany({ where: { accountId, id: { in: unique } } });
    for (const template of found)
      await recordAudit(tx, ctx, {
        eventType: "template.deleted",
        targetType: "template",
        targetId: template.id,
        payload: { name: template.name },
      });
  });
  return unique;
}

/**
 * A page of the account's templates with the list filters of spec section 2 (25 by default):
 * folder, category, tags, state, author, a date range and words (full text over the name,
 * description and the file's text, or part of the name; template-search.ts). Needs ViewTemplates.
 */
export async function findTemplates(ctx: ServiceContext, raw: TemplateListInput = {}) {
  const { accountId } = accountScope(ctx);
  assertCan(ctx, ["ViewTemplates", "ManageTemplates"]);
  const input = templateListSchema.parse(raw);
  // `search` is full text; `name` (the public API's) only what the name or description contain.
  const text = input.search;
  const where: Prisma.TemplateWhereInput = {
    accountId,
    ...(input.folderId !== undefined ? { folderId: input.folderId } : {}),
    ...(input.categoryId ? { categoryId: input.categoryId } : {}),
    ...(input.tagIds?.length ? { tags: { some: { id: { in: input.tagIds } } } } : {}),
    ...(input.published !== undefined ? { published: input.published } : {}),
    ...(input.authorId ? { authorId: input.authorId } : {}),
    ...(input.from || input.to
      ? {
          [input.dateField]: {
            ...(input.from ? { gte: new Date(`${input.from}T00:00:00Z`) } : {}),
            ...(input.to ? { lt: new Date(new Date(`${input.to}T00:00:00Z`).getTime() + 86_400_000) } : {}),
          },
        }
      : {}),
    ...(text ? { id: { in: await matchingTemplateIds(accountId, text, ctx.locale) } } : {}),
    ...(input.name && !text
      ? { OR: [{ name: { contains: input.name, mode: "insensitive" } }, { description: { contains: input.name, mode: "insensitive" } }] }
      : {}),
  };
  const page: PageInput = { page: input.page, size: input.size };
  const [items, total] = await Promise.all([
    db.template.findMany({
      where,
      include: templateInclude,
      orderBy: [{ [input.orderBy]: input.sortBy }, { id: "asc" }],
      ...pageArgs(page),
    }),
    db.template.count({ where }),
  ]);
  return pageOf(items, total, page);
}

/** The current file of a template, streamed. */
export async function getTemplateFile(ctx: ServiceContext, templateId: string) {
  const template = await getTemplate(ctx, templateId);
  const stored = await storage().get(template.fileKey);
  if (!stored) throw notFound();
  return { ...stored, mimetype: template.mimetype, fileName: template.fileName };
}
