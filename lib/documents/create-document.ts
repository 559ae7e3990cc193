import { z } from "zod";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { assertCan } from "@/lib/auth/permissions";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { dataStoreDefaults, getDataStore, withDataStoreValues } from "@/lib/datastore/data-store";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { fillDocx, readDocx } from "@/lib/files/docx";
import { inspectContractFile, type ContractFile } from "@/lib/files/inspect-contract-file";
import type { AttachmentFile } from "@/lib/files/attachment-file";
import { fillPdfForm, type PdfFormValue } from "@/lib/files/pdf-form";
import { extractPdfText } from "@/lib/files/pdf-text";
import { tooManyFiles, uploadMaxFiles, type UploadedFile } from "@/lib/files/upload-limits";
import { getTranslator } from "@/lib/i18n/messages";
import { storage } from "@/lib/storage/storage";
import type { VariableFormat } from "@/lib/templates/detect-variables";
import { UPLOAD_TYPES } from "@/lib/templates/variable-types";
import { fillName, fillValues, scalarValues, type RawValue, type UploadValue, type Variable } from "@/lib/templates/variables";
import { requireDocumentRole } from "./access";
import { attachmentExt, attachmentKey, newAttachmentId } from "./attachment-keys";
import { prepareFieldUploads, type FieldUpload, type PreparedAttachment } from "./field-uploads";
import { assertOwnReferences } from "./references";
import { refreshSearchIndex } from "./search-index";

const id = z.string().min(1).max(64);
const isoDate = z.iso.datetime({ offset: true }).or(z.string().regex(/^\d{4}-\d{2}-\d{2}$/));

/** Document details a person sets (spec Document): all optional. */
export const documentFieldsSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    description: z.string().trim().max(2000).nullable(),
    language: z.string().trim().max(10).nullable(),
    jurisdiction: z.string().trim().max(100).nullable(),
    ref: z.string().trim().max(100).nullable(),
    risk: z.number().int().min(0).max(5).nullable(),
    complexity: z.number().int().min(0).max(5).nullable(),
    priority: z.number().int().min(0).max(5).nullable(),
    value: z.number().min(0).max(1e12).nullable(),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/)
      .nullable(),
    startedAt: isoDate.nullable(),
    endedAt: isoDate.nullable(),
    renewalAt: isoDate.nullable(),
    categoryId: id.nullable(),
    folderId: id.nullable(),
    tagIds: z.array(id).max(50),
  })
  .partial()
  .strict();
export type DocumentFields = z.infer<typeof documentFieldsSchema>;

/**
 * A field's value at the edge: text, a number, a yes/no, a list, or the structured types'
 * shapes (an address or position object, DataMap rows, table rows), at most three levels deep
 * and bounded in size; lib/templates/variables.ts checks each against its field's type.
 */
const cell = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]);
const smallObject = z.record(z.string().max(100), cell).refine((o) => Object.keys(o).length <= 50, { message: "tooManyValues" });
const fieldValue = z.union([
  z.string().max(10_000),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string().max(1000), smallObject, z.array(cell).max(50)])).max(200),
  smallObject,
]);

/** The values of a template's fields by name, as a form sends them. */
export const fieldValuesSchema = z
  .record(z.string().max(100), fieldValue)
  .refine((values) => Object.keys(values).length <= 500, { message: "tooManyValues" });

export const createFromTemplateSchema = z
  .object({
    templateId: id,
    values: fieldValuesSchema.default({}),
    fields: documentFieldsSchema.default({}),
  })
  .strict();

export const documentInclude = {
  tags: true,
  category: true,
  folder: true,
  template: { select: { id: true, name: true } },
  author: { select: { id: true, firstName: true, lastName: true, email: true } },
  contents: {
    orderBy: { version: "desc" },
    take: 1,
    select: {
      id: true,
      version: true,
      name: true,
      mimetype: true,
      size: true,
      createdAt: true,
      readOnly: true,
      delimiters: true,
      authorId: true,
    },
  },
} as const satisfies Prisma.DocumentInclude;

const toDate = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value.length === 10 ? `${value}T00:00:00Z` : value);

/** The next reference from the account's ref builder ({counter}, {year}, {month}) and counter, atomically. */
async function nextRef(tx: Prisma.TransactionClient, accountId: string): Promise<string | null> {
  const rows = await tx.$queryRaw<{ counter: number; builder: string | null }[]>`
    UPDATE "Account" SET settings = jsonb_set(settings, '{refCounter}', to_jsonb(COALESCE((settings->>'refCounter')::int, 0) + 1))
    WHERE id = ${accountId}
    RETURNING (settings->>'refCounter')::int AS counter, settings->>'refBuilder' AS builder`;
  const row = rows[0];
  if (!row?.builder) return null;
  const now = new Date();
  return row.builder
    .replace(/\{counter\}/g, String(row.counter))
    .replace(/\{year\}/g, String(now.getUTCFullYear()))
    .replace(/\{month\}/g, String(now.getUTCMonth() + 1).padStart(2, "0"))
    .slice(0, 100);
}

const storageKey = (accountId: string, documentId: string, version: number, ext: string) =>
  `accounts/${accountId}/documents/${documentId}/v${version}.${ext}`;
export const newId = () => `d${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`;

type NewDocument = {
  fields: DocumentFields;
  name: string;
  templateId?: string | null;
  variables?: Prisma.InputJsonValue;
  file: { bytes: Uint8Array; ext: string; mimetype: string; name: string; text: string; delimiters: string | null };
  /** Files kept with the document: its upload fields' files, or a copy's. */
  attachments?: PreparedAttachment[];
  auditEvent: string;
  auditPayload?: Prisma.InputJsonValue;
};

/**
 * Stores the files, then writes the document, its first version, its attachments, the owner
 * policy for the author, its search vector and the audit row in one transaction. A failed write
 * removes the files again, so nothing is left half made.
 */
async function insertDocuments(ctx: ServiceContext, docs: NewDocument[]) {
  const { accountId } = accountScope(ctx);
  const prepared = docs.map((doc) => ({
    ...doc,
    id: newId(),
    attachments: (doc.attachments ?? []).map((attachment) => ({ ...attachment, id: newAttachmentId() })),
  }));
  const keys = prepared.map((doc) => storageKey(accountId, doc.id, 1, doc.file.ext));
  const attachmentKeys = prepared.map((doc) =>
    doc.attachments.map((attachment) => attachmentKey(accountId, doc.id, attachment.id, attachment.ext)),
  );
  const stored: string[] = [];
  const now = Date.now();
  const put = async (key: string, bytes: Uint8Array) => {
    await storage().put(key, bytes);
    stored.push(key);
  };
  try {
    // Every put is waited for, so a file still being written when another failed is removed too.
    const puts = await Promise.allSettled([
      ...prepared.map((doc, i) => put(keys[i], doc.file.bytes)),
      ...prepared.flatMap((doc, i) => doc.attachments.map((attachment, j) => put(attachmentKeys[i][j], attachment.bytes))),
    ]);
    const failed = puts.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
    return await db.$transaction(
      async (tx) => {
        const created = [];
        for (const [i, doc] of prepared.entries()) {
          const f = doc.fields;
          await assertOwnReferences(tx, accountId, {
            categoryId: f.categoryId,
            folderId: f.folderId,
            folderGroup: "document",
            tagIds: f.tagIds,
          });
          const ref = f.ref ?? (await nextRef(tx, accountId));
          await tx.document.create({
            data: {
              id: doc.id,
              accountId,
              authorId: ctx.userId,
              templateId: doc.templateId ?? null,
              name: doc.name,
              description: f.description ?? null,
              language: f.language ?? null,
              jurisdiction: f.jurisdiction ?? null,
              ref,
              risk: f.risk ?? null,
              complexity: f.complexity ?? null,
              priority: f.priority ?? null,
              value: f.value ?? null,
              currency: f.currency?.toUpperCase() ?? null,
              startedAt: toDate(f.startedAt) ?? null,
              endedAt: toDate(f.endedAt) ?? null,
              renewalAt: toDate(f.renewalAt) ?? null,
              categoryId: f.categoryId ?? null,
              folderId: f.folderId ?? null,
              tags: f.tagIds?.length ? { connect: f.tagIds.map((tagId) => ({ id: tagId })) } : undefined,
              variables: doc.variables ?? {},
              contents: {
                create: {
                  accountId,
                  authorId: ctx.userId,
                  version: 1,
                  name: doc.file.name.slice(0, 255),
                  mimetype: doc.file.mimetype,
                  path: keys[i],
                  size: doc.file.bytes.byteLength,
                  delimiters: doc.file.delimiters,
                  text: doc.file.text,
                },
              },
              attachments: doc.attachments.length
                ? {
                    create: doc.attachments.map((attachment, j) => ({
                      id: attachment.id,
                      // One millisecond apart, so they list in the order given (fields in template order).
                      createdAt: new Date(now + j),
                      accountId,
                      authorId: ctx.userId,
                      variable: attachment.variable,
                      name: attachment.name,
                      mimetype: attachment.mimetype,
                      size: attachment.bytes.byteLength,
                      path: attachmentKeys[i][j],
                    })),
                  }
                : undefined,
              policies: ctx.userId ? { create: { accountId, userId: ctx.userId, role: "owner" } } : undefined,
            },
          });
          await refreshSearchIndex(tx, doc.id);
          await recordAudit(tx, ctx, {
            eventType: doc.auditEvent,
            targetType: "document",
            targetId: doc.id,
            payload: { name: doc.name, ...((doc.auditPayload as object) ?? {}) },
          });
          created.push(await tx.document.findUniqueOrThrow({ where: { id: doc.id }, include: documentInclude }));
        }
        return created;
      },
      { timeout: 60_000 },
    );
  } catch (error) {
    await Promise.allSettled(stored.map((key) => storage().delete(key)));
    throw error;
  }
}

/** Reads a stored file whole (templates and versions are bounded by the upload limit). */
export async function readStored(key: string): Promise<Uint8Array> {
  const stored = await storage().get(key);
  if (!stored) throw new AppError(AppErrorCode.NOT_FOUND, { message: "The file is missing." });
  return new Uint8Array(await new Response(stored.stream).arrayBuffer());
}

/**
 * Fills a template's file with values already formatted as text (DOCX fields or PDF form). A
 * PDF form's checkboxes and choice fields take the typed `values` instead (true ticks a box; its
 * "Yes" label would not). `images` are the pictures of image fields: inline in a DOCX where the
 * field was, in a PDF form's button field (a text field gets the file's name). The text kept for
 * search is the DOCX's, or the PDF's page text followed by the filled values.
 */
export async function generateFromTemplate(
  template: { format: string; delimiter: string },
  file: Uint8Array,
  text: Record<string, string>,
  values: Record<string, PdfFormValue> = {},
  images: Record<string, AttachmentFile> = {},
) {
  const pictures = Object.entries(images).filter(
    (entry): entry is [string, AttachmentFile & { size: { width: number; height: number } }] => !!entry[1].size,
  );
  if (template.format === "pdf") {
    const named = { ...text, ...Object.fromEntries(pictures.map(([name, image]) => [name, image.name])) };
    const bytes = await fillPdfForm(
      file,
      named,
      values,
      Object.fromEntries(
        pictures.map(([name, image]) => [name, { bytes: image.bytes, mimetype: image.mimetype as "image/png" | "image/jpeg" }]),
      ),
    );
    const pageText = await extractPdfText(bytes, { formValues: false });
    return { bytes, text: [pageText, ...Object.values(text)].filter(Boolean).join("\n") };
  }
  const docxImages = Object.fromEntries(
    pictures.map(([name, image]) => [
      name,
      { bytes: image.bytes, ext: image.ext === "png" ? ("png" as const) : ("jpg" as const), ...image.size, name: image.name },
    ]),
  );
  const bytes = fillDocx(file, template.delimiter as VariableFormat, text, docxImages);
  return { bytes, text: readDocx(bytes).text };
}

type FillableTemplate = { format: string; delimiter: string; fileKey: string; variables: unknown; currency: string | null };

/**
 * The one fill step of a template, for a new document and for new values of one: the person's
 * values checked against each field's type (every broken field at once), empty fields taken from
 * the workspace data store, the files of upload fields checked (`keep`: the files upload fields
 * keep when given no new one, with the picture of an image field), formulas computed, and the
 * template's file filled, pictures placed.
 */
export async function fillTemplate(
  ctx: ServiceContext,
  template: FillableTemplate,
  values: Record<string, RawValue>,
  uploads: FieldUpload[],
  language: string | null,
  keep: Record<string, { value: UploadValue; picture?: AttachmentFile }> = {},
) {
  const variables = template.variables as Variable[];
  const globals = withDataStoreValues(values, dataStoreDefaults(variables, await getDataStore(ctx)));
  const files = await prepareFieldUploads(variables, uploads);
  // An upload field's value is only ever what was made from its checked file, never the client's word.
  const given: Record<string, RawValue> = { ...globals.values };
  for (const variable of variables) {
    if (!UPLOAD_TYPES.includes(variable.type)) continue;
    given[variable.name] = Object.hasOwn(files.values, variable.name)
      ? files.values[variable.name]
      : Object.hasOwn(keep, variable.name)
        ? keep[variable.name].value
        : null;
  }
  const filled = fillValues(variables, given, { language, currency: template.currency, problems: files.problems });
  const isImage = (name: string | null) => variables.some((v) => v.name === name && v.type === "image");
  const images: Record<string, AttachmentFile> = {};
  for (const [name, kept] of Object.entries(keep)) if (kept.picture && isImage(name)) images[name] = kept.picture;
  for (const attachment of files.attachments) if (isImage(attachment.variable)) images[attachment.variable!] = attachment;
  const generated = await generateFromTemplate(
    template,
    await readStored(template.fileKey),
    filled.text,
    scalarValues(filled.values),
    images,
  );
  return { variables, filled, files, generated, dataStoreNames: globals.names };
}

/**
 * Creates a document from a published template: each value is checked against its field's
 * type (VALIDATION_FAILED lists every broken field), formulas are computed, the template's file
 * is filled (DOCX with its delimiters, PDF forms) and stored as version 1. The name defaults to
 * the template's name with its fields filled. A field the person left empty whose name is a
 * variable of the workspace data store takes the store's value (a typed value wins; the field's
 * own type still checks it), so [company legal name] fills itself in every template. `uploads`
 * are the files of its attachment, file and image fields (prepareFieldUploads): kept with the
 * document as its attachments, a picture also placed in the file. Needs ManageDocuments and
 * ViewTemplates.
 */
export async function createDocumentFromTemplate(
  ctx: ServiceContext,
  raw: z.input<typeof createFromTemplateSchema>,
  uploads: FieldUpload[] = [],
) {
  const { accountId } = accountScope(ctx);
  assertCan(ctx, "ManageDocuments");
  assertCan(ctx, ["ViewTemplates", "ManageTemplates"]);
  const input = createFromTemplateSchema.parse(raw);
  const template = await db.template.findFirst({ where: { id: input.templateId, accountId } });
  if (!template) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Template not found." });
  if (!template.published)
    throw new AppError(AppErrorCode.VALIDATION_FAILED, {
      message: "Publish the template before creating documents from it.",
      params: { fields: "templateId" },
    });
  const language = input.fields.language ?? template.language;
  const { variables, filled, files, generated, dataStoreNames } = await fillTemplate(
    ctx,
    template,
    input.values as Record<string, RawValue>,
    uploads,
    language,
  );
  const name = (input.fields.name ?? fillName(template.name, template.delimiter, filled.text)).slice(0, 200);
  const [document] = await insertDocuments(ctx, [
    {
      fields: {
        language,
        jurisdiction: template.jurisdiction,
        currency: template.currency,
        value: template.value === null ? null : Number(template.value),
        categoryId: template.categoryId,
        ...input.fields,
      },
      name,
      templateId: template.id,
      variables: { values: filled.values, definitions: variables } as unknown as Prisma.InputJsonValue,
      file: {
        bytes: generated.bytes,
        ext: template.format,
        mimetype: template.mimetype,
        name: `${name}.${template.format}`,
        text: generated.text,
        delimiters: template.delimiter,
      },
      attachments: files.attachments,
      auditEvent: "document.created",
      auditPayload: {
        from: "template",
        templateId: template.id,
        ...(dataStoreNames.length ? { dataStore: dataStoreNames } : {}),
        ...(files.attachments.length ? { attachments: files.attachments.map((a) => a.name) } : {}),
      },
    },
  ]);
  return document;
}

/** The name of an uploaded document whose file name gives none, in the caller's language. */
const defaultName = (ctx: ServiceContext) => getTranslator(ctx.locale)("documents.defaultName");

const fileFields = (file: ContractFile, name: string) => ({
  bytes: file.bytes,
  ext: file.ext,
  mimetype: file.mimetype,
  name,
  text: file.text,
  delimiters: file.delimiter,
});

/** Creates a document from an uploaded .docx, .pdf or .doc (checked by content). Needs ManageDocuments. */
export async function createDocumentFromUpload(ctx: ServiceContext, rawFields: DocumentFields, upload: UploadedFile) {
  accountScope(ctx);
  assertCan(ctx, "ManageDocuments");
  const fields = documentFieldsSchema.parse(rawFields);
  const file = await inspectContractFile(upload);
  const name =
    fields.name ??
    (upload.name
      .replace(/\.[^.]+$/, "")
      .trim()
      .slice(0, 200) ||
      defaultName(ctx));
  const [document] = await insertDocuments(ctx, [
    { fields, name, file: fileFields(file, upload.name), auditEvent: "document.created", auditPayload: { from: "upload" } },
  ]);
  return document;
}

/**
 * Creates several documents at once from uploads (spec importDocuments): every file is checked
 * first and all are stored in one transaction, so one bad file stores none. Needs the plan's
 * import capability, ManageDocuments, and at most UPLOAD_MAX_FILES files.
 */
export async function importDocuments(ctx: ServiceContext, rawFields: DocumentFields, uploads: UploadedFile[]) {
  accountScope(ctx);
  assertCan(ctx, "ManageDocuments");
  if (!ctx.capabilities.has("import")) {
    throw new AppError(AppErrorCode.FEATURE_NOT_IN_PLAN, {
      message: "This is a paid feature. Upgrade your plan to activate this feature.",
      params: { feature: "import" },
    });
  }
  if (uploads.length === 0)
    throw new AppError(AppErrorCode.MISSING_PARAMETER, {
      message: "Required parameter files was null or undefined when calling importDocuments",
      params: { name: "files", operation: "importDocuments" },
    });
  if (uploads.length > uploadMaxFiles()) throw tooManyFiles();
  const fields = documentFieldsSchema.parse(rawFields);
  const files = [];
  for (const upload of uploads) files.push({ upload, file: await inspectContractFile(upload) });
  return insertDocuments(
    ctx,
    files.map(({ upload, file }) => ({
      fields: { ...fields, name: undefined },
      name:
        upload.name
          .replace(/\.[^.]+$/, "")
          .trim()
          .slice(0, 200) || defaultName(ctx),
      file: fileFields(file, upload.name),
      auditEvent: "document.created",
      auditPayload: { from: "import" },
    })),
  );
}

/**
 * Copies a document (its latest version, details, tags and attachments) as "<name> (copy)" in
 * the caller's language; the caller owns the copy. Needs reader on the source.
 */
export async function cloneDocument(ctx: ServiceContext, documentId: string) {
  assertCan(ctx, "ManageDocuments");
  const { document } = await requireDocumentRole(ctx, documentId, "reader", {
    tags: { select: { id: true } },
    contents: { orderBy: { version: "desc" }, take: 1 },
    attachments: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
  });
  const source = document as typeof document & {
    tags: { id: string }[];
    contents: { path: string; name: string; mimetype: string; text: string; delimiters: string | null }[];
    attachments: { path: string; name: string; mimetype: string; variable: string | null }[];
  };
  const latest = source.contents[0];
  if (!latest) throw new AppError(AppErrorCode.NOT_FOUND, { message: "The file is missing." });
  const bytes = await readStored(latest.path);
  const attachments: PreparedAttachment[] = [];
  for (const attachment of source.attachments) {
    attachments.push({
      name: attachment.name,
      mimetype: attachment.mimetype,
      ext: attachmentExt(attachment.mimetype),
      variable: attachment.variable,
      bytes: await readStored(attachment.path),
    });
  }
  const [copy] = await insertDocuments(ctx, [
    {
      fields: {
        description: source.description,
        language: source.language,
        jurisdiction: source.jurisdiction,
        risk: source.risk,
        complexity: source.complexity,
        priority: source.priority,
        value: source.value === null ? null : Number(source.value),
        currency: source.currency,
        startedAt: source.startedAt?.toISOString() ?? null,
        endedAt: source.endedAt?.toISOString() ?? null,
        renewalAt: source.renewalAt?.toISOString() ?? null,
        categoryId: source.categoryId,
        folderId: source.folderId,
        tagIds: source.tags.map((t) => t.id),
      },
      name: getTranslator(ctx.locale)("documents.copyName", { name: source.name }).slice(0, 200),
      templateId: source.templateId,
      variables: source.variables as Prisma.InputJsonValue,
      file: {
        bytes,
        ext: latest.mimetype === "application/pdf" ? "pdf" : "docx",
        mimetype: latest.mimetype,
        name: latest.name,
        text: latest.text,
        delimiters: latest.delimiters,
      },
      attachments,
      auditEvent: "document.cloned",
      auditPayload: { from: source.id },
    },
  ]);
  return copy;
}
