import {
  archiveDocumentOperation,
  cloneDocumentOperation,
  createDocumentOperation,
  deleteDocumentOperation,
  deleteDocumentsOperation,
  getDocumentOperation,
  importDocumentsOperation,
  lockDocumentOperation,
  unlockDocumentOperation,
  updateDocumentOperation,
  updateDocumentStatusOperation,
} from "@/lib/documents/document-operations";
import { updateDocumentVersionOperation } from "@/lib/documents/document-file-operations";
import { createFromTemplateOperation, updateDocumentValuesOperation } from "@/lib/documents/template-document-operations";
import type { DocumentWithInclude } from "@/lib/documents/update-document";
import { AppError, AppErrorCode, missingParameter } from "@/lib/errors/app-error";
import { DECLARATION_EXTENSION, resolvePrismaOperation } from "@/lib/operations/graphql";
import { runOperation, type Operation } from "@/lib/operations/operation";
import { builder, uploadedFile } from "../builder";
import { declaredField, declaredFields } from "../from-declarations";
import { resolveUpload } from "../resolve-upload";
import { withoutNulls } from "./arguments";
import { cleanFields, CreateDocumentInput, DocumentInput, FieldFileInput, fieldFileUploads } from "./document-inputs";
import { DocumentLock, DocumentVersion } from "./document-types";
import { resolvingWith } from "./declared-with";
import { documentNaming } from "./documents";

/**
 * The documents' mutations, each through its declaration (lib/documents/*-operations.ts), so
 * they validate and limit their input as the REST routes do, and built from it where no file
 * travels (lib/graphql/from-declarations.ts): arguments, result, enums and description. Written
 * by hand: the uploads (createDocument, importDocuments, updateDocumentValues,
 * updateDocumentVersion: File arguments) and updateDocumentDestinationFolder (the spec's move,
 * through updateDocument's declaration). createDocument picks the declaration of its one source.
 */

/** importDocuments: the `files` join the declaration's input as the REST route's file parts. */
const importDocuments = resolveUpload(
  importDocumentsOperation,
  ({ data }) => cleanFields(data as object | null | undefined),
  ({ files }) => files as File[],
  (result) => result.items,
);

builder.mutationFields((t) => ({
  ...declaredFields(
    t as never,
    [
      cloneDocumentOperation,
      archiveDocumentOperation,
      updateDocumentStatusOperation,
      lockDocumentOperation,
      unlockDocumentOperation,
      deleteDocumentOperation,
      deleteDocumentsOperation,
    ] as unknown as Operation[],
    documentNaming,
    {
      cloneDocument: { ref: "Document", prisma: true },
      archiveDocument: { ref: "Document", prisma: true },
      updateDocumentStatus: { ref: "Document", prisma: true },
      lockDocument: { ref: DocumentLock },
      unlockDocument: { ref: DocumentLock },
      deleteDocument: { pick: { type: "ID", from: (result: { ids: string[] }) => result.ids[0] } },
      bulkDeleteDocuments: { pick: { type: ["ID"], from: (result: { ids: string[] }) => result.ids } },
    },
  ),
  // The spec's updateDocument(id, data): a null clears a detail (name and tags excepted), as over REST.
  updateDocument: declaredField(
    resolvingWith(
      t as never,
      resolvePrismaOperation(updateDocumentOperation, ({ id: documentId, data }) => ({
        ...cleanFields(data as object),
        id: String(documentId),
      })),
    ),
    updateDocumentOperation as unknown as Operation,
    documentNaming,
    { ref: "Document", prisma: true, data: { outside: ["id"] } },
  ) as never,
  createDocument: t.prismaField({
    type: "Document",
    description:
      "Creates a document from one source, through that source's declaration: `data.templateId` with `data.values` (a published template) and `fieldFiles` (the files of its upload fields) as POST /vapp/documents/from-template, `file` (an upload) as POST /vapp/documents, or `fromDocument` (a copy, as cloneDocument; `data` is not used then).",
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
    resolve: async (query, _root, { data, file, fromDocument, fieldFiles }, { ctx }) => {
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
      if (fromDocument) return runOperation(cloneDocumentOperation, ctx, { id: String(fromDocument) }, query);
      // One file through the upload's declaration, as POST /vapp/documents takes it.
      if (file) {
        const created = await runOperation(createDocumentOperation, ctx, { ...fields, files: [await uploadedFile(file)] });
        return created as DocumentWithInclude;
      }
      // The template's declaration, as POST /vapp/documents/from-template takes it: the details
      // under `fields` (so a problem's path is `fields.name` on both transports), the upload
      // fields' files as its `field:<name>` parts.
      return runOperation(createFromTemplateOperation, ctx, {
        templateId,
        values: values ?? {},
        fields,
        files: await fieldFileUploads(fieldFiles ?? [], "createDocument"),
      });
    },
  }),
  importDocuments: t.prismaField({
    extensions: { [DECLARATION_EXTENSION]: importDocumentsOperation.name },
    type: ["Document"],
    description: "One document per file, all or none (plan capability `import`), as POST /vapp/documents/import.",
    args: { data: t.arg({ type: DocumentInput }), files: t.arg({ type: ["File"], required: true }) },
    resolve: (_query, root, args, context) => importDocuments(root, args, context),
  }),
  updateDocumentValues: t.prismaField({
    extensions: { [DECLARATION_EXTENSION]: updateDocumentValuesOperation.name },
    type: "Document",
    description:
      "New values for the fields of a document made from a template, kept as a new version (`values`: field name → value, as in createDocument; `fieldFiles`: new files for its upload fields, the others keep theirs), as PUT /vapp/documents/{id}/values. NOT_FROM_TEMPLATE otherwise. Editor.",
    args: {
      id: t.arg.id({ required: true }),
      values: t.arg({ type: "JSON", required: true }),
      fieldFiles: t.arg({ type: [FieldFileInput] }),
    },
    resolve: async (query, _root, { id: documentId, values, fieldFiles }, { ctx }) => {
      const files = await fieldFileUploads(fieldFiles ?? [], "updateDocumentValues");
      const id = String(documentId);
      await runOperation(updateDocumentValuesOperation, ctx, { id, values, files });
      // The document as it now is, read through its own declaration (reader).
      return runOperation(getDocumentOperation, ctx, { id }, query);
    },
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
    extensions: { [DECLARATION_EXTENSION]: updateDocumentVersionOperation.name },
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
}));
