import type { ServiceContext } from "@/lib/auth/context";
import { dataStoreDefaults, getDataStore, withDataStoreValues, type DataStore } from "@/lib/datastore/data-store";
import { fillDocx, readDocx } from "@/lib/files/docx";
import type { AttachmentFile } from "@/lib/files/attachment-file";
import { fillPdfForm, type PdfFormValue } from "@/lib/files/pdf-form";
import { extractPdfText } from "@/lib/files/pdf-text";
import type { VariableFormat } from "@/lib/templates/detect-variables";
import { UPLOAD_TYPES } from "@/lib/templates/variable-types";
import { fillValues, scalarValues, type RawValue, type UploadValue, type Variable } from "@/lib/templates/variables";
import { prepareFieldUploads, type FieldUpload } from "./field-uploads";
import { readStored } from "./stored-file";

/**
 * Fills a template's file with values already formatted as text (DOCX fields or PDF form). A
 * PDF form's checkboxes and choice fields take the typed `values` instead (true ticks a box; its
 * "Yes" label would not). `images` are the pictures of image fields: inline in a DOCX where the
 * field was, in a PDF form's button field (a text field gets the file's name). The text kept for
 * search is the DOCX's, or the PDF's page text followed by the filled values.
 */
export async function generateFromTemplate(
  template: { format: string; delimiter: string },
  file: Uint8Array,
  text: Record<string, string>,
  values: Record<string, PdfFormValue> = {},
  images: Record<string, AttachmentFile> = {},
) {
  const pictures = Object.entries(images).filter(
    (entry): entry is [string, AttachmentFile & { size: { width: number; height: number } }] => !!entry[1].size,
  );
  if (template.format === "pdf") {
    const named = { ...text, ...Object.fromEntries(pictures.map(([name, image]) => [name, image.name])) };
    const bytes = await fillPdfForm(
      file,
      named,
      values,
      Object.fromEntries(
        pictures.map(([name, image]) => [name, { bytes: image.bytes, mimetype: image.mimetype as "image/png" | "image/jpeg" }]),
      ),
    );
    const pageText = await extractPdfText(bytes, { formValues: false });
    return { bytes, text: [pageText, ...Object.values(text)].filter(Boolean).join("\n") };
  }
  const docxImages = Object.fromEntries(
    pictures.map(([name, image]) => [
      name,
      { bytes: image.bytes, ext: image.ext === "png" ? ("png" as const) : ("jpg" as const), ...image.size, name: image.name },
    ]),
  );
  const bytes = fillDocx(file, template.delimiter as VariableFormat, text, docxImages);
  return { bytes, text: readDocx(bytes).text };
}

type FillableTemplate = { format: string; delimiter: string; fileKey: string; variables: unknown; currency: string | null };

/**
 * The one fill step of a template, for a new document and for new values of one: the person's
 * values checked against each field's type (every broken field at once), empty fields taken from
 * the workspace data store, the files of upload fields checked (`keep`: the files upload fields
 * keep when given no new one, with the picture of an image field), formulas computed, and the
 * template's file filled, pictures placed.
 */
export async function fillTemplate(
  ctx: ServiceContext,
  template: FillableTemplate,
  values: Record<string, RawValue>,
  uploads: FieldUpload[],
  language: string | null,
  keep: Record<string, { value: UploadValue; picture?: AttachmentFile }> = {},
  /** The workspace's data store, read by the caller when it may not read it itself (a reviewer). */
  dataStore?: DataStore,
) {
  const variables = template.variables as Variable[];
  const globals = withDataStoreValues(values, dataStoreDefaults(variables, dataStore ?? (await getDataStore(ctx))));
  const files = await prepareFieldUploads(variables, uploads);
  // An upload field's value is only ever what was made from its checked file, never the client's word.
  const given: Record<string, RawValue> = { ...globals.values };
  for (const variable of variables) {
    if (!UPLOAD_TYPES.includes(variable.type)) continue;
    given[variable.name] = Object.hasOwn(files.values, variable.name)
      ? files.values[variable.name]
      : Object.hasOwn(keep, variable.name)
        ? keep[variable.name].value
        : null;
  }
  const filled = fillValues(variables, given, { language, currency: template.currency, problems: files.problems });
  const isImage = (name: string | null) => variables.some((v) => v.name === name && v.type === "image");
  const images: Record<string, AttachmentFile> = {};
  for (const [name, kept] of Object.entries(keep)) if (kept.picture && isImage(name)) images[name] = kept.picture;
  for (const attachment of files.attachments) if (isImage(attachment.variable)) images[attachment.variable!] = attachment;
  const generated = await generateFromTemplate(
    template,
    await readStored(template.fileKey),
    filled.text,
    scalarValues(filled.values),
    images,
  );
  return { variables, filled, files, generated, dataStoreNames: globals.names };
}
