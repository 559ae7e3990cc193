import { z } from "zod";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { fileResponse } from "@/lib/http/file-response";
import { defineOperation, fileOutput, uploadedFiles } from "@/lib/operations/operation";
import { versionSchema, versionWithAuthorSchema } from "./document-output";
import { exportDocumentsCsv } from "./export-csv";
import { documentListSchema } from "./document-list-sql";
import { findDocumentVersions } from "./find-document-versions";
import { getDocumentFile } from "./get-document-file";
import { documentListFromQuery } from "./list-query";
import { getDocumentPdf } from "./pdf-rendition";
import { updateDocumentVersion } from "./update-document-version";
import { idString } from "@/lib/validation/ids";

/**
 * The operations on a document's files (spec section 7, "documents"): its versions, their
 * downloads (as they are, or as PDF) and the list's CSV export, declared once
 * (lib/operations/operation.ts). The services check the caller's role on the document.
 */
const members = { callers: ["member", "apiToken"] } as const;
const id = idString();
/**
 * Which version (the latest without it), and `inline=1` to let the browser show it (a PDF). A
 * version number is a PostgreSQL integer: past 2,147,483,647 no version has it, and the statement
 * would fail on the number itself.
 */
const versionFile = z
  .object({ id, version: z.coerce.number().int().min(1).max(2_147_483_647).optional(), inline: z.enum(["1"]).optional() })
  .strict();

export const documentVersionsOperation = defineOperation({
  name: "documentVersions",
  kind: "query",
  description: "Every version of a document, newest first, each with its author's id and name; never its text (reader).",
  ...members,
  input: z.object({ id }).strict(),
  output: z.array(versionWithAuthorSchema),
  ids: ["id"],
  // GraphQL's DocumentContent needs the document's id; REST's answer leaves it out (its output).
  run: async (ctx, input) => (await findDocumentVersions(ctx, input.id)).map((version) => ({ ...version, documentId: input.id })),
});

export const documentContentOperation = defineOperation({
  name: "documentContent",
  kind: "query",
  description: "One version of a document (the latest without `version`), with its author's id and name; never its text (reader).",
  ...members,
  input: z.object({ id, version: z.coerce.number().int().min(1).max(2_147_483_647).optional() }).strict(),
  output: versionWithAuthorSchema,
  ids: ["id"],
  run: async (ctx, input) => {
    const versions = await findDocumentVersions(ctx, input.id);
    const found = input.version ? versions.find((v) => v.version === input.version) : versions[0];
    if (!found) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Version not found." });
    // GraphQL's DocumentContent needs the document's id, as documentVersions gives it.
    return { ...found, documentId: input.id };
  },
});

export const updateDocumentVersionOperation = defineOperation({
  name: "updateDocumentVersion",
  kind: "upload",
  description:
    "Adds a version from an upload (a .docx, .pdf or .doc checked by its content), numbered after the last (editor; DOCUMENT_LOCKED while someone else edits). `delimiter` is accepted, but the format is found in the file.",
  ...members,
  permission: "ManageDocuments",
  upload: { maxFiles: 1 },
  input: z.object({ id, delimiter: z.string().trim().max(20).optional(), files: uploadedFiles.min(1).max(1) }).strict(),
  output: versionSchema,
  ids: ["id"],
  run: (ctx, input) => updateDocumentVersion(ctx, input.id, input.files[0]),
});

export const getDocumentFileOperation = defineOperation({
  name: "getDocumentFile",
  kind: "download",
  description:
    "Downloads a version as it was uploaded or generated (the latest without `version`); audited (reader). `inline=1` shows it in the page: not a download, not audited.",
  ...members,
  input: versionFile,
  output: fileOutput,
  ids: ["id"],
  run: async (ctx, input) => {
    const inline = input.inline === "1";
    return fileResponse(await getDocumentFile(ctx, input.id, input.version, { inline }), { inline });
  },
});

export const getDocumentPdfOperation = defineOperation({
  name: "getDocumentPdf",
  kind: "download",
  description:
    "Downloads a version as PDF: a Word version converted by LibreOffice the first time (CONVERTER_UNAVAILABLE without it); audited (reader). `inline=1` shows it in the page: not a download, not audited.",
  ...members,
  input: versionFile,
  output: fileOutput,
  ids: ["id"],
  run: async (ctx, input) => {
    const inline = input.inline === "1";
    return fileResponse(await getDocumentPdf(ctx, input.id, input.version, { inline }), { inline });
  },
});

export const exportDocumentsOperation = defineOperation({
  name: "exportDocuments",
  kind: "download",
  description: "The document list with the same filters as a CSV download (UTF-8 with BOM), at most 10,000 rows.",
  ...members,
  input: documentListSchema,
  output: fileOutput,
  run: async (ctx, input) =>
    fileResponse({
      stream: await exportDocumentsCsv(ctx, input),
      mimetype: "text/csv; charset=utf-8",
      fileName: `documents-${new Date().toISOString().slice(0, 10)}.csv`,
    }),
});

/**
 * The query string of the list and its export is the /docs screen's address bar
 * (status=a,b&q=…&folder=root&archived=1), read as the screen reads it (lib/documents/list-query.ts)
 * into the list's input.
 */
export const documentListQueryInput = (raw: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(documentListFromQuery(new URLSearchParams(raw as Record<string, string>))).filter(([, value]) => value !== undefined),
  );

export const documentFileOperations = [
  documentVersionsOperation,
  documentContentOperation,
  updateDocumentVersionOperation,
  getDocumentFileOperation,
  getDocumentPdfOperation,
  exportDocumentsOperation,
];
