import { z } from "zod";
import { documentSchema } from "./document-output";
import { defineOperation, uploadedFiles } from "@/lib/operations/operation";
import { createDocumentFromTemplate } from "./create-document-from-template";
import { createFromTemplateSchema } from "./document-schemas";
import type { FieldUpload } from "./field-uploads";
import { updateDocumentValues, updateDocumentValuesSchema } from "./update-document-values";
import { idString } from "@/lib/validation/ids";

/**
 * Documents made from templates (spec section 7, "documents"): filling a published template and
 * changing the values later, declared once (lib/operations/operation.ts). The body is JSON, or,
 * when upload fields (attachment, file, image) get files, multipart with that JSON as `data` and
 * each file as a part named `field:<field name>`. The services check the permissions.
 */
const members = { callers: ["member", "apiToken"] } as const;
/** As many files as uploads allow (lib/files/upload-limits.ts caps it again when reading). */
const fieldFiles = { upload: { maxFiles: Number.MAX_SAFE_INTEGER, required: false, byField: true, json: true } } as const;
const files = uploadedFiles.default([]);

/** The files of upload fields, each with its field's name (prepareFieldUploads refuses more than UPLOAD_MAX_FILES). */
const fieldUploads = (list: z.infer<typeof uploadedFiles>): FieldUpload[] =>
  list.map((file) => ({ name: file.name, bytes: file.bytes, field: file.field ?? "" }));

export const createFromTemplateOperation = defineOperation({
  name: "createDocumentFromTemplate",
  kind: "upload",
  description:
    "Fills a published template: { templateId, values, fields }, with the files of its upload fields as parts named `field:<field name>` (GraphQL createDocument with templateId).",
  ...members,
  permission: "ManageDocuments",
  ...fieldFiles,
  input: createFromTemplateSchema.extend({ files }),
  output: documentSchema,
  limit: { name: "documents" },
  ids: ["templateId"],
  run: (ctx, { files: list, ...input }) => createDocumentFromTemplate(ctx, input, fieldUploads(list)),
});

export const updateDocumentValuesOperation = defineOperation({
  name: "updateDocumentValues",
  kind: "upload",
  description:
    "New values for the fields of a document made from a template, kept as a new version ({ values }, and new files for its upload fields; the others keep theirs). NOT_FROM_TEMPLATE otherwise.",
  ...members,
  permission: "ManageDocuments",
  ...fieldFiles,
  input: updateDocumentValuesSchema.extend({ id: idString(), files }),
  output: z.object({ version: z.number(), fields: z.array(z.string()) }),
  ids: ["id"],
  run: (ctx, { id, files: list, ...input }) => updateDocumentValues(ctx, id, input, fieldUploads(list)),
});

export const templateDocumentOperations = [createFromTemplateOperation, updateDocumentValuesOperation];
