import { PDFCheckBox, PDFDocument, PDFDropdown, PDFOptionList, PDFRadioGroup, PDFTextField } from "pdf-lib";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";

export type PdfField = { name: string; kind: "text" | "checkbox" | "dropdown" | "radio" | "list" | "other"; options: string[] };

const corrupt = () => new AppError(AppErrorCode.FILE_CORRUPT, { message: "The file is damaged or is not a valid PDF file.", params: { kind: "PDF" } });

async function load(bytes: Uint8Array) {
  try {
    return await PDFDocument.load(bytes, { updateMetadata: false });
  } catch {
    throw corrupt();
  }
}

/** The form fields of a PDF, in document order. An empty list when it has no form. */
export async function readPdfForm(bytes: Uint8Array): Promise<PdfField[]> {
  const pdf = await load(bytes);
  return pdf.getForm().getFields().map((field) => {
    const name = field.getName();
    if (field instanceof PDFTextField) return { name, kind: "text", options: [] };
    if (field instanceof PDFCheckBox) return { name, kind: "checkbox", options: [] };
    if (field instanceof PDFDropdown) return { name, kind: "dropdown", options: field.getOptions() };
    if (field instanceof PDFRadioGroup) return { name, kind: "radio", options: field.getOptions() };
    if (field instanceof PDFOptionList) return { name, kind: "list", options: field.getOptions() };
    return { name, kind: "other", options: [] };
  });
}

/** Fills a PDF form with text values (checkboxes take "true"); fields stay editable. */
export async function fillPdfForm(bytes: Uint8Array, values: Record<string, string>): Promise<Uint8Array> {
  const pdf = await load(bytes);
  const form = pdf.getForm();
  for (const field of form.getFields()) {
    const value = values[field.getName()];
    if (value === undefined || value === "") continue;
    if (field instanceof PDFTextField) field.setText(value);
    else if (field instanceof PDFCheckBox) {
      if (value === "true") field.check();
      else field.uncheck();
    } else if (field instanceof PDFDropdown || field instanceof PDFRadioGroup || field instanceof PDFOptionList) {
      if (field.getOptions().includes(value)) field.select(value);
    }
  }
  return pdf.save();
}

/** A blank one-page PDF with text fields, for tests and the demo. */
export async function makePdfForm(fieldNames: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const form = pdf.getForm();
  fieldNames.forEach((name, i) => form.createTextField(name).addToPage(page, { x: 50, y: 760 - i * 40, width: 300, height: 24 }));
  return pdf.save();
}
