import { queryFromInfo } from "@pothos/plugin-prisma";
import {
  documentStatusListOperation,
  documentsCountOperation,
  expiringDocumentsOperation,
  hotDocumentsOperation,
} from "@/lib/documents/document-overview-operations";
import { z } from "zod";
import { createDocumentFromTemplate } from "@/lib/documents/create-document-from-template";
import { createFromTemplateSchema, documentFieldsSchema } from "@/lib/documents/document-schemas";
import { importDocuments } from "@/lib/documents/import-documents";
import {
  archiveDocumentOperation,
  cloneDocumentOperation,
  createDocumentOperation,
  deleteDocumentOperation,
  deleteDocumentsOperation,
  getDocumentOperation,
  listDocumentsOperation,
  lockDocumentOperation,
  unlockDocumentOperation,
  updateDocumentOperation,
  updateDocumentStatusOperation,
} from "@/lib/documents/document-operations";
import { documentVersionsOperation, updateDocumentVersionOperation } from "@/lib/documents/document-file-operations";
import { getDocument } from "@/lib/documents/get-document";
import type { DocumentWithInclude } from "@/lib/documents/update-document";
import type { FieldUpload } from "@/lib/documents/field-uploads";
import { updateDocumentValues, updateDocumentValuesSchema } from "@/lib/documents/update-document-values";
import { getLockHolder, liveLockHolderId } from "@/lib/documents/document-lock";
import { findUserSummaries, type UserSummary as UserSummaryRow } from "@/lib/documents/find-user-summaries";
import { DOCUMENT_STATUSES, documentHealth } from "@/lib/documents/status";
import { AppError, AppErrorCode, missingParameter } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/http/parse-input";
import { resolveOperation, resolvePrismaOperation } from "@/lib/operations/graphql";
import { runOperation } from "@/lib/operations/operation";
import { resolveUpload } from "../resolve-upload";
import { builder, uploadedFile } from "../builder";

const id = z.string().min(1).max(64);
const idSchema = z.object({ id });
/** The delimiter argument of the version mutations: accepted, but the format is found in the file. */
export const versionArgsSchema = z.object({ id, delimiter: z.string().trim().max(20).optional() });

/** GraphQL gives absent fields as undefined: drop them, keep explicit nulls (they clear a value). */
export const withoutUndefined = (data: object | null | undefined): Record<string, unknown> =>
  Object.fromEntries(Object.entries(data ?? {}).filter(([, v]) => v !== undefined));
/** List filters: null means "not given", except for `keep` (folderId null is the root, Drive). */
export const withoutNulls = (data: object, keep: string[] = []): Record<string, unknown> =>
  Object.fromEntries(Object.entries(data).filter(([key, v]) => v !== undefined && (v !== null || keep.includes(key))));

export const DocumentStatusEnum = builder.enumType("DocumentStatus", { values: DOCUMENT_STATUSES });
const HealthEnum = builder.enumType("DocumentHealth", { values: ["green", "amber", "red"] as const });

const HighlightPart = builder.simpleObject("HighlightPart", {
  description: "A piece of a search match: matched parts are the words found. Render as text, never HTML.",
  fields: (t) => ({ text: t.string(), match: t.boolean() }),
});

type AuthorRow = { id: string; firstName: string; lastName: string; email: string };
export const authorSelect = { select: { id: true, firstName: true, lastName: true, email: true } } as const;

/** Who made a document or template: a member of the account, never their private settings. */
export const Author = builder.objectRef<AuthorRow>("Author").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    firstName: t.exposeString("firstName"),
    lastName: t.exposeString("lastName"),
    email: t.exposeString("email"),
    name: t.string({ resolve: (a) => [a.firstName, a.lastName].filter(Boolean).join(" ") || a.email }),
  }),
});

/** A person by id and display name only (a version's author, a lock's holder, an attachment's author). */
export const UserSummary = builder.simpleObject("UserSummary", {
  description: "A member of the workspace by id and display name (first and last name, else their address).",
  fields: (t) => ({ id: t.id(), name: t.string() }),
});

type VersionRow = {
  id: string;
  /** Added by the resolvers where the version service does not give it (findDocumentVersions). */
  documentId: string;
  version: number;
  name: string;
  mimetype: string;
  size: number;
  createdAt: Date;
  readOnly: boolean;
  delimiters: string | null;
  authorId: string | null;
  /** Given by findDocumentVersions; looked up from authorId otherwise. */
  author?: UserSummaryRow | null;
};
const versionSelect = {
  id: true,
  documentId: true,
  version: true,
  name: true,
  mimetype: true,
  size: true,
  createdAt: true,
  readOnly: true,
  delimiters: true,
  authorId: true,
} as const;

/** The versions of one document as DocumentContent rows (the version service leaves the document's id out). */
const ofDocument = <T extends object>(documentId: string, versions: T[]) => versions.map((v) => ({ ...v, documentId }));

/**
 * One version of a document's file (spec DocumentContent), without its text. Not exposed:
 * `thumbnail` and `signed` (docs/api.md), and fields a version does not have in our data.
 */
export const DocumentVersion = builder.objectRef<VersionRow>("DocumentContent").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    version: t.exposeInt("version"),
    name: t.exposeString("name"),
    mimetype: t.exposeString("mimetype"),
    size: t.exposeInt("size"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    readOnly: t.exposeBoolean("readOnly"),
    path: t.string({
      description:
        "Where this version's file downloads from (GET, the caller's session or token): /vapp/documents/{documentId}/file?version=N.",
      resolve: (v) => `/vapp/documents/${encodeURIComponent(v.documentId)}/file?version=${v.version}`,
    }),
    preview: t.string({
      description: "Where a person views this version in the browser: /d/{documentId}/view?version=N.",
      resolve: (v) => `/d/${encodeURIComponent(v.documentId)}/view?version=${v.version}`,
    }),
    delimiters: t.string({
      nullable: true,
      description: "The variable format the file was generated with, if any.",
      resolve: (v) => v.delimiters,
    }),
    author: t.field({
      type: UserSummary,
      nullable: true,
      description: "Who uploaded or generated this version; null when unknown or no longer a user.",
      resolve: async (v, _args, { ctx }) => {
        if (v.author !== undefined) return v.author;
        const { authorId } = v;
        return authorId ? ((await findUserSummaries(ctx, [authorId])).get(authorId) ?? null) : null;
      },
    }),
  }),
});

const TemplateSummary = builder.simpleObject("TemplateSummary", { fields: (t) => ({ id: t.id(), name: t.string() }) });

const DocumentAbilities = builder.simpleObject("DocumentAbilities", {
  description: "What the caller's document role allows (docs/permissions.md).",
  fields: (t) => ({
    view: t.boolean(),
    comment: t.boolean(),
    suggest: t.boolean(),
    edit: t.boolean(),
    share: t.boolean(),
    manage: t.boolean(),
  }),
});

const DocumentLock = builder.simpleObject("DocumentLock", {
  description: "Spec DocumentLocked: the edit lock after taking or releasing it, with its holder.",
  fields: (t) => ({
    locked: t.boolean(),
    lockedAt: t.field({ type: "DateTime", nullable: true }),
    user: t.field({
      type: UserSummary,
      nullable: true,
      description: "Who holds the lock (the caller after lockDocument); null once released.",
    }),
  }),
});

const StatusOption = builder.simpleObject("DocumentStatusOption", { fields: (t) => ({ key: t.string(), value: t.string() }) });

/** Extra values the document services attach to a row (role on getDocument, highlight on search ...). */
type Extras = {
  role?: string | null;
  abilities?: { view: boolean; comment: boolean; suggest: boolean; edit: boolean; share: boolean; manage: boolean } | null;
  highlight?: { text: string; match: boolean }[] | null;
  author?: AuthorRow | null;
  contents?: VersionRow[];
  template?: { id: string; name: string } | null;
};

export const DocumentRef = builder.prismaObject("Document", {
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    description: t.exposeString("description", { nullable: true }),
    status: t.expose("status", { type: DocumentStatusEnum }),
    ref: t.exposeString("ref", { nullable: true }),
    language: t.exposeString("language", { nullable: true }),
    jurisdiction: t.exposeString("jurisdiction", { nullable: true }),
    risk: t.exposeInt("risk", { nullable: true }),
    complexity: t.exposeInt("complexity", { nullable: true }),
    priority: t.exposeInt("priority", { nullable: true }),
    value: t.float({ nullable: true, resolve: (d) => (d.value === null ? null : Number(d.value)) }),
    currency: t.exposeString("currency", { nullable: true }),
    startedAt: t.expose("startedAt", { type: "DateTime", nullable: true }),
    endedAt: t.expose("endedAt", { type: "DateTime", nullable: true }),
    renewalAt: t.expose("renewalAt", { type: "DateTime", nullable: true }),
    cancelledAt: t.expose("cancelledAt", { type: "DateTime", nullable: true }),
    archived: t.exposeBoolean("archived"),
    variables: t.expose("variables", { type: "JSON" }),
    settings: t.expose("settings", { type: "JSON" }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    health: t.field({ type: HealthEnum, resolve: (d) => documentHealth(d) }),
    /** True when someone else holds a live edit lock. */
    locked: t.boolean({
      resolve: (d, _args, { ctx }) => {
        const holderId = liveLockHolderId(d);
        return !!holderId && holderId !== ctx.userId;
      },
    }),
    lockedBy: t.field({
      type: UserSummary,
      nullable: true,
      description:
        "Who holds a live edit lock (the caller included), null when nobody does. Only documents the caller sees reach this field.",
      resolve: (d, _args, { ctx }) => getLockHolder(ctx, d),
    }),
    category: t.relation("category", { nullable: true }),
    folder: t.relation("folder", { nullable: true }),
    tags: t.relation("tags"),
    template: t.field({
      type: TemplateSummary,
      nullable: true,
      select: { template: { select: { id: true, name: true } } },
      resolve: (d) => (d as Extras).template ?? null,
    }),
    author: t.field({ type: Author, nullable: true, select: { author: authorSelect }, resolve: (d) => (d as Extras).author ?? null }),
    /** The latest version. */
    content: t.field({
      type: DocumentVersion,
      nullable: true,
      select: { contents: { orderBy: { version: "desc" }, take: 1, select: versionSelect } },
      resolve: (d) => ofDocument(d.id, (d as Extras).contents ?? [])[0] ?? null,
    }),
    /** The caller's document role: given by `document(id)`, null in lists. */
    role: t.string({ nullable: true, resolve: (d) => (d as Extras).role ?? null }),
    /** What the caller may do: given by `document(id)` and in `documents` pages. */
    abilities: t.field({ type: DocumentAbilities, nullable: true, resolve: (d) => (d as Extras).abilities ?? null }),
    /** The matched passages of a full-text search (`documents(search:)`), null otherwise. */
    highlight: t.field({ type: [HighlightPart], nullable: true, resolve: (d) => (d as Extras).highlight ?? null }),
  }),
});

const DocumentPage = builder.simpleObject("DocumentPage", {
  fields: (t) => ({ items: t.field({ type: [DocumentRef] }), total: t.int(), page: t.int(), pages: t.int(), perPage: t.int() }),
});

/** The document fields a person sets; shared by the create and update inputs. */
type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
const documentFields = (t: PothosSchemaTypes.InputFieldBuilder<Types, "InputObject">) => ({
  name: t.string(),
  description: t.string(),
  language: t.string(),
  jurisdiction: t.string(),
  ref: t.string(),
  risk: t.int(),
  complexity: t.int(),
  priority: t.int(),
  value: t.float(),
  currency: t.string(),
  startedAt: t.string({ description: "YYYY-MM-DD or an ISO date-time." }),
  endedAt: t.string({ description: "YYYY-MM-DD or an ISO date-time." }),
  renewalAt: t.string({ description: "YYYY-MM-DD or an ISO date-time." }),
  categoryId: t.id(),
  folderId: t.id(),
  tagIds: t.idList(),
});

const DocumentInput = builder.inputType("DocumentInput", { fields: (t) => documentFields(t) });

const CreateDocumentInput = builder.inputType("CreateDocumentInput", {
  fields: (t) => ({
    ...documentFields(t),
    templateId: t.id({ description: "Generate from this published template, filling `values`." }),
    values: t.field({ type: "JSON", description: "Field name → value, for a document made from a template." }),
  }),
});

/** One file for one of a template's upload fields (attachment, file or image), at createDocument. */
const FieldFileInput = builder.inputType("FieldFileInput", {
  fields: (t) => ({
    name: t.string({ required: true, description: "The template field's name (as in `variables`)." }),
    file: t.field({ type: "File", required: true }),
  }),
});
const fieldFilesSchema = z.object({ fieldFiles: z.array(z.object({ name: z.string().min(1).max(100) })) });

/** The fieldFiles argument as createDocumentFromTemplate takes it: names checked, then each file read (size checked first). */
async function fieldUploads(fieldFiles: readonly { name: string; file: File }[], operation = "createDocument"): Promise<FieldUpload[]> {
  parseInput(fieldFilesSchema, { fieldFiles: fieldFiles.map(({ name }) => ({ name })) }, operation);
  const uploads: FieldUpload[] = [];
  for (const { name, file } of fieldFiles) uploads.push({ field: name, ...(await uploadedFile(file)) });
  return uploads;
}

const DocumentFilter = builder.inputType("DocumentFilter", {
  fields: (t) => ({
    search: t.string(),
    statuses: t.field({ type: [DocumentStatusEnum] }),
    categoryId: t.id(),
    tagIds: t.idList(),
    folderId: t.id({ description: "A folder, or null for the root (Drive). Absent: every folder." }),
    authorId: t.id(),
    templateId: t.id(),
    dateField: t.string({ description: "createdAt (default), updatedAt, startedAt or endedAt." }),
    from: t.string({ description: "YYYY-MM-DD, inclusive." }),
    to: t.string({ description: "YYYY-MM-DD, inclusive." }),
    archived: t.boolean(),
  }),
});

/** Document fields without undefined, and without nulls where null means nothing (name, tags). */
const cleanFields = (data: object | null | undefined) => {
  const fields = withoutUndefined(data);
  for (const key of ["name", "tagIds"]) if (fields[key] === null) delete fields[key];
  return fields;
};

builder.queryFields((t) => ({
  documents: t.field({
    type: DocumentPage,
    description: "A page of the documents the caller may see (25 by default), filtered, sorted, with highlights when searching.",
    args: {
      page: t.arg.int(),
      size: t.arg.int(),
      search: t.arg.string(),
      statuses: t.arg({ type: [DocumentStatusEnum] }),
      categoryId: t.arg.id(),
      tagIds: t.arg.idList(),
      folderId: t.arg.id({ description: "A folder, or null for the root (Drive). Absent: every folder." }),
      authorId: t.arg.id(),
      templateId: t.arg.id(),
      dateField: t.arg.string(),
      from: t.arg.string(),
      to: t.arg.string(),
      archived: t.arg.boolean(),
      orderBy: t.arg.string(),
      sortBy: t.arg.string(),
    },
    resolve: async (_root, args, context, info) => {
      // Records what the page loads for `items`, so relations the service included are not fetched again.
      queryFromInfo({ context, info, path: ["items"] });
      return runOperation(listDocumentsOperation, context.ctx, withoutNulls(args, ["folderId"]));
    },
  }),
  document: t.prismaField({
    type: "Document",
    description: "One document with the caller's role, abilities, health and lock.",
    args: { id: t.arg.id({ required: true }) },
    resolve: resolvePrismaOperation(getDocumentOperation),
  }),
  hotDocuments: t.prismaField({
    type: ["Document"],
    description: "The documents most recently changed (5 by default).",
    args: { size: t.arg.int() },
    resolve: resolvePrismaOperation(hotDocumentsOperation),
  }),
  documentsCount: t.int({
    args: { filters: t.arg({ type: DocumentFilter }) },
    resolve: resolveOperation(
      documentsCountOperation,
      ({ filters }) => withoutNulls((filters ?? {}) as Record<string, unknown>, ["folderId"]),
      (result) => result.total,
    ),
  }),
  documentStatusList: t.field({
    type: [StatusOption],
    description: "Every document status with its label in the request's language.",
    resolve: resolveOperation(documentStatusListOperation),
  }),
  documentVersions: t.field({
    type: [DocumentVersion],
    args: { documentId: t.arg.id({ required: true }) },
    resolve: resolveOperation(documentVersionsOperation, ({ documentId }) => ({ id: String(documentId) })),
  }),
  documentContent: t.field({
    type: DocumentVersion,
    description: "A version of the document `id` (the latest without `version`).",
    args: { id: t.arg.id({ required: true }), version: t.arg.int() },
    resolve: async (_root, args, { ctx }) => {
      const { id: documentId, version } = parseInput(
        idSchema.extend({ version: z.number().int().min(1).optional() }),
        withoutNulls(args),
        "documentContent",
      );
      // The versions' operation, so the document's role is checked as for documentVersions.
      const versions = await runOperation(documentVersionsOperation, ctx, { id: documentId });
      const found = version ? versions.find((v) => v.version === version) : versions[0];
      if (!found) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Version not found." });
      return found;
    },
  }),
  expiringDocuments: t.prismaField({
    type: ["Document"],
    description: "Open documents ending within the notice period or marked toExpire, soonest first.",
    args: { size: t.arg.int() },
    resolve: resolvePrismaOperation(expiringDocumentsOperation),
  }),
}));

builder.mutationFields((t) => ({
  createDocument: t.prismaField({
    type: "Document",
    description:
      "Creates a document from one source: `data.templateId` with `data.values` (a published template) and `fieldFiles` (the files of its upload fields), `file` (an upload), or `fromDocument` (a copy; `data` is not used then).",
    args: {
      data: t.arg({ type: CreateDocumentInput }),
      file: t.arg({ type: "File" }),
      fromDocument: t.arg.id(),
      fieldFiles: t.arg({
        type: [FieldFileInput],
        description:
          "With `data.templateId` only: one file per attachment, file or image field (an image field takes a PNG or JPEG and puts it in the document; the others a PDF, Word or image, kept as the document's attachments). A wrong file is a problem of its field in VALIDATION_FAILED's `details.fields`.",
      }),
    },
    resolve: async (_query, _root, { data, file, fromDocument, fieldFiles }, { ctx }) => {
      const { templateId, values, ...fields } = cleanFields(data);
      const sources = [templateId, file, fromDocument].filter((source) => source !== null && source !== undefined).length;
      if (sources === 0) throw missingParameter("file", "createDocument");
      if (sources > 1 || (fromDocument && Object.keys(fields).length)) {
        throw new AppError(AppErrorCode.VALIDATION_FAILED, {
          message: "Give one source: data.templateId, file or fromDocument.",
          params: { fields: "data, file, fromDocument" },
        });
      }
      // An empty list is no files; any file without a template has no field to fill.
      if (fieldFiles?.length && !templateId) {
        throw new AppError(AppErrorCode.VALIDATION_FAILED, {
          message: "fieldFiles fill the upload fields of data.templateId; give them with a template only.",
          params: { fields: "fieldFiles" },
        });
      }
      if (fromDocument) return runOperation(cloneDocumentOperation, ctx, { id: String(fromDocument) });
      // One file through the upload's declaration, as POST /vapp/documents takes it.
      if (file) {
        const created = await runOperation(createDocumentOperation, ctx, { ...fields, files: [await uploadedFile(file)] });
        return created as DocumentWithInclude;
      }
      const input = parseInput(createFromTemplateSchema, { templateId, values: values ?? {}, fields }, "createDocument");
      return createDocumentFromTemplate(ctx, input, await fieldUploads(fieldFiles ?? []));
    },
  }),
  cloneDocument: t.prismaField({
    type: "Document",
    args: { id: t.arg.id({ required: true }) },
    resolve: resolvePrismaOperation(cloneDocumentOperation),
  }),
  importDocuments: t.prismaField({
    type: ["Document"],
    description: "One document per file, all or none (plan capability `import`).",
    args: { data: t.arg({ type: DocumentInput }), files: t.arg({ type: ["File"], required: true }) },
    resolve: async (_query, _root, { data, files }, { ctx }) => {
      const fields = parseInput(documentFieldsSchema, cleanFields(data), "importDocuments");
      const uploads = [];
      for (const file of files) uploads.push(await uploadedFile(file));
      return importDocuments(ctx, fields, uploads);
    },
  }),
  updateDocument: t.prismaField({
    type: "Document",
    args: { id: t.arg.id({ required: true }), data: t.arg({ type: DocumentInput, required: true }) },
    resolve: resolvePrismaOperation(updateDocumentOperation, ({ id: documentId, data }) => ({
      ...cleanFields(data as object),
      id: String(documentId),
    })),
  }),
  updateDocumentValues: t.prismaField({
    type: "Document",
    description:
      "New values for the fields of a document made from a template, kept as a new version (`values`: field name → value, as in createDocument; `fieldFiles`: new files for its upload fields, the others keep theirs). NOT_FROM_TEMPLATE otherwise. Editor.",
    args: {
      id: t.arg.id({ required: true }),
      values: t.arg({ type: "JSON", required: true }),
      fieldFiles: t.arg({ type: [FieldFileInput] }),
    },
    resolve: async (_query, _root, { id: documentId, values, fieldFiles }, { ctx }) => {
      const id = parseInput(idSchema, { id: documentId }, "updateDocumentValues").id;
      await updateDocumentValues(
        ctx,
        id,
        parseInput(updateDocumentValuesSchema, { values }, "updateDocumentValues"),
        await fieldUploads(fieldFiles ?? [], "updateDocumentValues"),
      );
      return getDocument(ctx, id);
    },
  }),
  archiveDocument: t.prismaField({
    type: "Document",
    description: "Archives the document (`archived: true`: out of the lists and searches, kept whole) or brings it back. Owner.",
    args: { id: t.arg.id({ required: true }), archived: t.arg.boolean({ required: true }) },
    resolve: resolvePrismaOperation(archiveDocumentOperation),
  }),
  updateDocumentStatus: t.prismaField({
    type: "Document",
    description: "Moves a document along the status table (docs/document-statuses.md); INVALID_TRANSITION otherwise.",
    args: { id: t.arg.id({ required: true }), newStatus: t.arg({ type: DocumentStatusEnum, required: true }) },
    resolve: resolvePrismaOperation(updateDocumentStatusOperation),
  }),
  updateDocumentDestinationFolder: t.prismaField({
    type: "Document",
    description: "Moves a document to a document folder, or to the root (Drive) with a null destinationId.",
    args: { id: t.arg.id({ required: true }), destinationId: t.arg.id() },
    // A move is a change of the document's folder: updateDocument's declaration, with its checks.
    resolve: resolvePrismaOperation(updateDocumentOperation, ({ id: documentId, destinationId }) => ({
      id: String(documentId),
      folderId: destinationId === null || destinationId === undefined ? null : String(destinationId),
    })),
  }),
  updateDocumentVersion: t.field({
    type: DocumentVersion,
    description:
      "Adds a version from an upload. `delimiter` is accepted but the format is found in the file itself; `redlines` is accepted for compatibility and not used yet (no redline comparison is stored).",
    args: {
      id: t.arg.id({ required: true }),
      file: t.arg({ type: "File", required: true }),
      delimiter: t.arg.string(),
      redlines: t.arg({ type: "JSON" }),
    },
    resolve: resolveUpload(
      updateDocumentVersionOperation,
      ({ id: documentId, delimiter }) => withoutNulls({ id: String(documentId), delimiter }),
      ({ file }) => [file as File],
    ),
  }),
  deleteDocument: t.field({
    type: "ID",
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(deleteDocumentOperation, null, (result) => result.ids[0]),
  }),
  bulkDeleteDocuments: t.field({
    type: ["ID"],
    args: { ids: t.arg.idList({ required: true }) },
    resolve: resolveOperation(deleteDocumentsOperation, null, (result) => result.ids),
  }),
  lockDocument: t.field({
    type: DocumentLock,
    description: "Takes or renews the edit lock; DOCUMENT_LOCKED when someone else holds it.",
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(lockDocumentOperation),
  }),
  unlockDocument: t.field({
    type: DocumentLock,
    args: { id: t.arg.id({ required: true }) },
    resolve: resolveOperation(unlockDocumentOperation),
  }),
}));
