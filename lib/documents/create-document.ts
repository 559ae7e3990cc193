import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { inspectContractFile, type ContractFile } from "@/lib/files/inspect-contract-file";
import type { UploadedFile } from "@/lib/files/upload-limits";
import { getTranslator } from "@/lib/i18n/messages";
import type { DocumentFields } from "./document-schemas";
import { insertDocuments } from "./insert-documents";

/** The name of an uploaded document whose file name gives none, in the caller's language. */
export const defaultName = (ctx: ServiceContext) => getTranslator(ctx.locale)("documents.defaultName");

export const fileFields = (file: ContractFile, name: string) => ({
  bytes: file.bytes,
  ext: file.ext,
  mimetype: file.mimetype,
  name,
  text: file.text,
  delimiters: file.delimiter,
});

/** Creates a document from an uploaded .docx, .pdf or .doc (checked by content). Needs ManageDocuments. */
export async function createDocumentFromUpload(ctx: ServiceContext, fields: DocumentFields, upload: UploadedFile) {
  accountScope(ctx);
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
