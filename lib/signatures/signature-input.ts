/**
 * What a signer sends with their signature, checked before anything is stored: the signature
 * and initials images (PNG or JPEG by their bytes, at most SIGNATURE_IMAGE_MAX_BYTES and
 * SIGNATURE_IMAGE_MAX_PIXELS, at least SIGNATURE_IMAGE_MIN_PIXELS, a PNG with some ink), the
 * stroke timeline of a drawn one, and the values and files of the fields they fill.
 */
import { z } from "zod";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { inspectAttachmentFile, type AttachmentFile } from "@/lib/files/attachment-file";
import { detectType } from "@/lib/files/detect-type";
import { checkImagePixels, type PixelBounds } from "@/lib/files/check-image-pixels";
import type { UploadedFile } from "@/lib/files/upload-limits";
import { pngHasInk } from "@/lib/signatures/signature-ink";
import { isCalendarDay } from "@/lib/text/calendar-dates";

export const SIGNATURE_IMAGE_MAX_BYTES = Number(process.env.SIGNATURE_IMAGE_MAX_BYTES) || 2 * 1024 * 1024;
/**
 * The most pixels of a signature or initials image: sealing decodes it to draw it (a 5000 × 5000
 * PNG of 97 KB took 181 MB and 5 s). The signing pad and typed names stay within it.
 */
export const SIGNATURE_IMAGE_MAX_PIXELS: PixelBounds = { width: 2000, height: 1000 };
/**
 * The fewest pixels of a signature or initials image: a 1 × 1 image is no signature (issue 39,
 * item 10). The pad, typed names and initials are far larger.
 */
export const SIGNATURE_IMAGE_MIN_PIXELS: PixelBounds = { width: 20, height: 10 };
export const SIGNATURE_KINDS = ["drawn", "typed", "uploaded"] as const;

/** One point of a drawn stroke: where (in the pad's pixels) and when (ms since the first touch); `s` starts a stroke. */
export const timelineSchema = z
  .array(z.object({ x: z.number().finite(), y: z.number().finite(), t: z.number().finite().min(0), s: z.literal(1).optional() }).strict())
  .max(20_000);

/** The files of a signDocument call are named by their part: these, or a field's name. */
export const SIGNATURE_FILE = "signature";
export const INITIALS_FILE = "initials";
export const CERTIFICATE_FILE = "certificate";

export type CheckedImage = { bytes: Uint8Array; mimetype: string; ext: string };

/**
 * A signature or initials image: PNG or JPEG by its content, whole, within the size limit.
 * FILE_TOO_LARGE past it; VALIDATION_FAILED (`imagePixels`) past SIGNATURE_IMAGE_MAX_PIXELS, read
 * from its header; FILE_TYPE_NOT_ALLOWED ("a signature image that is not an image") or
 * FILE_CORRUPT otherwise, naming the field. VALIDATION_FAILED too for one smaller than
 * SIGNATURE_IMAGE_MIN_PIXELS (`imageTooSmall`) or a PNG without ink, all transparent or white
 * (`imageBlank`), each worded for a person (errors.fields).
 */
export function checkSignatureImage(file: UploadedFile, field: string): CheckedImage {
  if (file.bytes.byteLength > SIGNATURE_IMAGE_MAX_BYTES)
    throw new AppError(AppErrorCode.FILE_TOO_LARGE, {
      message: `The ${field} image is larger than ${Math.round(SIGNATURE_IMAGE_MAX_BYTES / 1024)} KB.`,
      params: { max: SIGNATURE_IMAGE_MAX_BYTES, fields: field },
    });
  const type = detectType(file.bytes);
  if (!type || (type.mime !== "image/png" && type.mime !== "image/jpeg"))
    throw new AppError(AppErrorCode.FILE_TYPE_NOT_ALLOWED, {
      message: `The ${field} must be a PNG or JPEG image.`,
      params: { fields: field },
    });
  const size = checkImagePixels(file.bytes, SIGNATURE_IMAGE_MAX_PIXELS, field === INITIALS_FILE ? "initials" : "signature", field);
  if (!size || size.width < 1 || size.height < 1)
    throw new AppError(AppErrorCode.FILE_CORRUPT, {
      message: `The ${field} image is damaged.`,
      params: { kind: type.ext.toUpperCase(), fields: field },
    });
  const kind = field === INITIALS_FILE ? "initials" : "signature";
  const min = SIGNATURE_IMAGE_MIN_PIXELS;
  if (size.width < min.width || size.height < min.height)
    throw imageProblem(
      field,
      "imageTooSmall",
      { kind, minWidth: String(min.width), minHeight: String(min.height) },
      `The ${kind} image is too small: at least ${min.width} × ${min.height} pixels.`,
    );
  // Within the pixel bounds, so decoding it is cheap; a JPEG is not decoded (it has no transparency).
  if (type.mime === "image/png" && pngHasInk(file.bytes) === false)
    throw imageProblem(field, "imageBlank", { kind }, `The ${kind} image is empty: draw, type or upload your ${kind}.`);
  return { bytes: file.bytes, mimetype: type.mime, ext: type.ext };
}

const imageProblem = (path: string, code: string, params: Record<string, string>, message: string) =>
  new AppError(AppErrorCode.VALIDATION_FAILED, {
    message,
    params: { fields: path },
    details: { fields: [{ path, code, params, message }] },
  });

type FieldBox = { keyName: string; fieldType: string | null; required: boolean };

export const UPLOAD_FIELD_TYPES = ["attachment", "file", "image"];

/**
 * The signer's field values: every required field of theirs filled, text values within limits,
 * a number that is a number and a date that is a date; the files of upload fields checked by
 * content (an image field takes PNG or JPEG only). VALIDATION_FAILED names the field.
 */
export async function checkFieldInput(fields: FieldBox[], values: Record<string, string>, files: Map<string, UploadedFile>) {
  const texts: Record<string, string> = {};
  const uploads: (AttachmentFile & { variable: string })[] = [];
  const problem = (field: string, message: string) => new AppError(AppErrorCode.VALIDATION_FAILED, { message, params: { fields: field } });
  for (const field of fields) {
    const isUpload = UPLOAD_FIELD_TYPES.includes(field.fieldType ?? "");
    if (isUpload) {
      const file = files.get(field.keyName);
      if (!file) {
        if (field.required) throw problem(field.keyName, `Add a file for “${field.keyName}”.`);
        continue;
      }
      const checked = await inspectAttachmentFile(file, { imageOnly: field.fieldType === "image", path: field.keyName });
      uploads.push({ ...checked, variable: field.keyName });
      continue;
    }
    const value = (values[field.keyName] ?? "").trim();
    if (!value) {
      if (field.required) throw problem(field.keyName, `Fill in “${field.keyName}”.`);
      continue;
    }
    if (value.length > 2000) throw problem(field.keyName, `“${field.keyName}” is too long.`);
    if (field.fieldType === "number" && !Number.isFinite(Number(value)))
      throw problem(field.keyName, `“${field.keyName}” must be a number.`);
    if (field.fieldType === "date" && !isCalendarDay(value))
      throw problem(field.keyName, `“${field.keyName}” must be a date (YYYY-MM-DD).`);
    texts[field.keyName] = value;
  }
  return { texts, uploads };
}
