import { PDFButton, PDFCheckBox, PDFDocument, PDFDropdown, PDFOptionList, PDFRadioGroup, PDFTextField } from "pdf-lib";
import { isAppError } from "@/lib/errors/app-error";
import { FIELD_IMAGE_MAX_PIXELS } from "./attachment-file";
import { checkReadableFile, fileUnreadable } from "./check-readable-file";
import { imageSize } from "./image-size";

export type PdfField = { name: string; kind: "text" | "checkbox" | "dropdown" | "radio" | "list" | "button" | "other"; options: string[] };

/** A picture for a PDF form's button field (where forms take images): PNG or JPEG bytes. */
export type PdfFormImage = { bytes: Uint8Array; mimetype: "image/png" | "image/jpeg" };

/**
 * pdf-lib's form code throws TypeErrors on a hostile structure (no catalog, a field that is not a
 * dictionary) even after the file opened: those are FILE_UNREADABLE, never a 500.
 */
async function readable<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isAppError(error) ? error : fileUnreadable("pdf");
  }
}

/**
 * The form fields of a PDF, in document order; an empty list when it has no form. Takes the bytes
 * (opened and checked by checkReadableFile) or a document that check already opened.
 * FILE_UNREADABLE when the file or its form does not open.
 */
export async function readPdfForm(file: Uint8Array | PDFDocument): Promise<PdfField[]> {
  const pdf = file instanceof PDFDocument ? file : (await checkReadableFile(file, "pdf")).pdf;
  return readable(() =>
    pdf
      .getForm()
      .getFields()
      .map((field): PdfField => {
        const name = field.getName();
        if (field instanceof PDFTextField) return { name, kind: "text", options: [] };
        if (field instanceof PDFCheckBox) return { name, kind: "checkbox", options: [] };
        if (field instanceof PDFDropdown) return { name, kind: "dropdown", options: field.getOptions() };
        if (field instanceof PDFRadioGroup) return { name, kind: "radio", options: field.getOptions() };
        if (field instanceof PDFOptionList) return { name, kind: "list", options: field.getOptions() };
        if (field instanceof PDFButton) return { name, kind: "button", options: [] };
        return { name, kind: "other", options: [] };
      }),
  );
}

/** A typed value for a PDF form field: a checkbox's boolean, a list's items, or a text. */
export type PdfFormValue = string | number | boolean | string[] | null;

const isOn = (value: PdfFormValue | undefined) =>
  value === true || (typeof value === "string" && ["true", "on", "1"].includes(value.trim().toLowerCase()));

/**
 * Fills a PDF form; fields stay editable. Text fields take `text` (values as a person reads
 * them: formatted dates, money). Checkboxes and choice fields take the typed `values` when
 * given (a checkbox is ticked by `true`, not by its "Yes" label; a list selects its items),
 * else `text` ("true" ticks a checkbox). A choice that is not one of the field's options is
 * left unselected. A button field named in `images` shows that picture, scaled into its box (an
 * image field given a text field gets the file's name as its text instead). FILE_UNREADABLE when
 * the template's PDF or its form does not open.
 */
export async function fillPdfForm(
  bytes: Uint8Array,
  text: Record<string, string>,
  values: Record<string, PdfFormValue> = {},
  images: Record<string, PdfFormImage> = {},
): Promise<Uint8Array> {
  const { pdf } = await checkReadableFile(bytes, "pdf");
  return readable(() => fillForm(pdf, text, values, images));
}

const fitsFieldImage = (bytes: Uint8Array) => {
  const size = imageSize(bytes);
  return !!size && size.width <= FIELD_IMAGE_MAX_PIXELS.width && size.height <= FIELD_IMAGE_MAX_PIXELS.height;
};

async function fillForm(
  pdf: PDFDocument,
  text: Record<string, string>,
  values: Record<string, PdfFormValue>,
  images: Record<string, PdfFormImage>,
): Promise<Uint8Array> {
  const form = pdf.getForm();
  for (const field of form.getFields()) {
    const name = field.getName();
    if (field instanceof PDFButton) {
      const image = Object.hasOwn(images, name) ? images[name] : undefined;
      // A picture past the bounds (kept before they were checked) is not decoded: the button stays empty.
      if (image && fitsFieldImage(image.bytes))
        field.setImage(image.mimetype === "image/png" ? await pdf.embedPng(image.bytes) : await pdf.embedJpg(image.bytes));
      continue;
    }
    const shown = text[name];
    const typed = Object.hasOwn(values, name) ? values[name] : shown;
    if (field instanceof PDFCheckBox) {
      if (typed === undefined || typed === null || typed === "") continue;
      if (isOn(typed)) field.check();
      else field.uncheck();
      continue;
    }
    if (field instanceof PDFTextField) {
      if (shown) field.setText(shown);
      continue;
    }
    if (field instanceof PDFDropdown || field instanceof PDFRadioGroup || field instanceof PDFOptionList) {
      const options = field.getOptions();
      const choices = (Array.isArray(typed) ? typed : typed === undefined || typed === null || typed === "" ? [] : [String(typed)]).filter(
        (choice) => options.includes(choice),
      );
      if (!choices.length) continue;
      if (field instanceof PDFOptionList) field.select(choices);
      else field.select(choices[0]);
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
