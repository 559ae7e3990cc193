import { randomUUID } from "node:crypto";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { inspectContractFile, type ContractFile } from "@/lib/files/inspect-contract-file";
import type { UploadedFile } from "@/lib/files/upload-limits";
import { defaultVariable, mergeDetected, type Variable } from "./variables";
import { clip } from "@/lib/text/clip";

/**
 * Definitions for the fields found in a file: PDF field kinds give checkbox and choice types, and
 * a button (where PDF forms take pictures) an optional image field.
 */
export function initialVariables(file: ContractFile, previous: Variable[] = []): Variable[] {
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
export async function inspectTemplateFile(upload: UploadedFile): Promise<ContractFile> {
  const file = await inspectContractFile(upload);
  if (file.format === "pdf" && file.delimiter !== "pdfForm")
    throw new AppError(AppErrorCode.NO_PDF_FORM, { message: "No form detected in the pdf file." });
  return file;
}

/** A template's columns that describe its stored file, from the checked upload and its key. */
export const templateFileColumns = (file: ContractFile, fileName: string, key: string) => ({
  format: file.format,
  delimiter: file.delimiter ?? "bracket",
  fileKey: key,
  mimetype: file.mimetype,
  fileName: clip(fileName, 255),
  size: file.bytes.byteLength,
});

export const templateStorageKey = (accountId: string, templateId: string, version: number, ext: string) =>
  `accounts/${accountId}/templates/${templateId}/v${version}.${ext}`;

/**
 * Where a new version of a template's file is stored: a key of each write's own (a random part),
 * so uploads at once never share one (lib/documents/version-files.ts says the same of documents).
 */
export const newTemplateFileKey = (accountId: string, templateId: string, ext: string) =>
  `accounts/${accountId}/templates/${templateId}/v-${randomUUID().replace(/-/g, "")}.${ext}`;
