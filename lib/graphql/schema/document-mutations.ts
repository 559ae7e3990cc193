import {
  archiveDocumentOperation,
  cloneDocumentOperation,
  createDocumentOperation,
  deleteDocumentOperation,
  deleteDocumentsOperation,
  getDocumentOperation,
  importDocumentsOperation,
  lockDocumentOperation,
  moveDocumentOperation,
  unlockDocumentOperation,
  updateDocumentOperation,
  updateDocumentStatusOperation,
} from "@/lib/documents/document-operations";
import { updateDocumentVersionOperation } from "@/lib/documents/document-file-operations";
import { createFromTemplateOperation, updateDocumentValuesOperation } from "@/lib/documents/template-document-operations";
import type { DocumentWithInclude } from "@/lib/documents/update-document";
import { AppError, AppErrorCode, missingParameter } from "@/lib/errors/app-error";
import { runOperation, type Operation } from "@/lib/operations/operation";
import { builder, uploadedFile } from "../builder";
import { declaredField, declaredFields, oneFile } from "../from-declarations";
import { cleanFields, CreateDocumentInput, FieldFileInput, fieldFileUploads } from "./document-inputs";
import { DocumentLock, DocumentVersion } from "./document-types";
import { documentNaming } from "./documents";

/**
 * The documents' mutations, each through its declaration (lib/documents/*-operations.ts), so
 * they validate and limit their input as the REST routes do, and built from it where no file
 * travels (lib/graphql/from-declarations.ts): arguments, result, enums and description. Written
 * by hand: the uploads (createDocument, importDocuments, updateDocumentValues,
 * updateDocumentVersion: File arguments) and updateDocumentDestinationFolder (the spec's move,
 * through updateDocument's declaration). createDocument picks the declaration of its one source.
 */

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
  updateDocument: declaredField(t as never, updateDocumentOperation as unknown as Operation, documentNaming, {
    ref: "Document",
    prisma: true,
    data: { outside: ["id"] },
  }) as never,
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
  // One document per file, all or none; the files as the REST route's parts.
  importDocuments: declaredField(t as never, importDocumentsOperation as unknown as Operation, documentNaming, {
    prisma: true,
    data: { outside: [], type: "DocumentInput", optional: true },
    upload: {
      args: (arg) => ({ files: arg({ type: ["File"], required: true } as never) }),
      files: (args) => Promise.all((args.files as File[]).map(uploadedFile)),
    },
    pick: { type: ["Document"], from: (result: { items: unknown[] }) => result.items },
  }) as never,
  // New values kept as a new version; the field answers the document as it now is, read through
  // its own declaration (reader). `values` stays one JSON object, checked by the declaration.
  updateDocumentValues: declaredField(t as never, updateDocumentValuesOperation as unknown as Operation, documentNaming, {
    prisma: true,
    json: ["values"],
    upload: {
      args: (arg) => ({ fieldFiles: arg({ type: [FieldFileInput] } as never) }),
      files: (args) => fieldFileUploads((args.fieldFiles as { name: string; file: File }[] | null) ?? [], "updateDocumentValues"),
    },
    pick: {
      type: "Document",
      from: (_result: unknown, { input, ctx, query }) => runOperation(getDocumentOperation, ctx, { id: input.id as string }, query),
    },
  }) as never,
  updateDocumentDestinationFolder: declaredField(t as never, moveDocumentOperation as unknown as Operation, documentNaming, {
    ref: "Document",
    prisma: true,
  }) as never,
  updateDocumentVersion: declaredField(t as never, updateDocumentVersionOperation as unknown as Operation, documentNaming, {
    ref: DocumentVersion,
    upload: oneFile(),
  }) as never,
}));
