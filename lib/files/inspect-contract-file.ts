import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { detectVariables, type VariableFormat } from "@/lib/templates/detect-variables";
import { checkReadableFile } from "./check-readable-file";
import { removeActiveContent, type ActiveContent } from "./pdf-active-content";
import { DOCX_MIME, docxText } from "./docx";
import { convertWithLibreOffice } from "./libreoffice";
import { readPdfForm, type PdfField } from "./pdf-form";
import { extractPdfText } from "./pdf-text";
import { assertUploadSize, fileTypeNotAllowed, type UploadedFile } from "./upload-limits";

export type ContractFile = {
  format: "docx" | "pdf";
  mimetype: string;
  ext: "docx" | "pdf";
  /** The file to keep: the upload, or its .docx conversion for a .doc. */
  bytes: Uint8Array;
  text: string;
  /** The variable format of a DOCX (null when it has no fields); pdfForm for a PDF with fields. */
  delimiter: VariableFormat | "pdfForm" | null;
  /** Field names in order of appearance. */
  fields: string[];
  pdfFields: PdfField[];
  /** What was removed from a PDF before keeping it (scripts, launch actions, embedded files). */
  removed: ActiveContent[];
};

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
const isZip = (bytes: Uint8Array) => startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]);
const isOle = (bytes: Uint8Array) => startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const isPdf = (bytes: Uint8Array) => startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d]);

/**
 * Reads an uploaded contract by its bytes, whatever its name says: a DOCX (zip-bomb-safe, its
 * text and variable fields; mixed formats refused), a PDF (its form fields, and its page text and
 * filled values for search, bounded in pages, characters and time), or a Word 97-2003
 * .doc converted by LibreOffice when installed (CONVERTER_UNAVAILABLE otherwise). Both are
 * opened by checkReadableFile first: a PDF or .docx that does not open (damaged, password,
 * too many pages, too slow) is FILE_UNREADABLE. A PDF loses its scripts, launch actions and
 * embedded files (lib/files/pdf-active-content.ts) before it is kept. Anything else is FILE_TYPE_NOT_ALLOWED, an
 * empty file or a .doc LibreOffice cannot convert FILE_CORRUPT.
 */
export async function inspectContractFile(file: UploadedFile): Promise<ContractFile> {
  assertUploadSize(file);
  let bytes = file.bytes;
  if (isOle(bytes)) {
    const converted = await convertWithLibreOffice(bytes, "doc", "docx").catch(() => {
      throw new AppError(AppErrorCode.FILE_CORRUPT, {
        message: "The file is damaged or is not a valid Word file.",
        params: { kind: "Word (.doc)" },
      });
    });
    if (!converted) {
      throw new AppError(AppErrorCode.CONVERTER_UNAVAILABLE, {
        message: "Word 97-2003 (.doc) files need LibreOffice, which is not installed on this server.",
      });
    }
    bytes = converted;
  }
  if (isZip(bytes)) {
    const text = docxText((await checkReadableFile(bytes, "docx")).parts);
    const { format, variables } = detectVariables(text);
    return {
      format: "docx",
      mimetype: DOCX_MIME,
      ext: "docx",
      bytes,
      text,
      delimiter: format,
      fields: variables,
      pdfFields: [],
      removed: [],
    };
  }
  if (isPdf(bytes)) {
    // The form is read from the document the check opened; the text is best effort. What a reader
    // would run or open by itself is removed first, and the file kept is the one without it.
    const { pdf } = await checkReadableFile(bytes, "pdf");
    const removed = removeActiveContent(pdf);
    if (removed.length) bytes = await pdf.save({ updateFieldAppearances: false });
    const pdfFields = await readPdfForm(pdf);
    const text = await extractPdfText(bytes);
    return {
      format: "pdf",
      mimetype: "application/pdf",
      ext: "pdf",
      bytes,
      text,
      delimiter: pdfFields.length ? "pdfForm" : null,
      fields: pdfFields.map((f) => f.name),
      pdfFields,
      removed,
    };
  }
  throw fileTypeNotAllowed();
}
