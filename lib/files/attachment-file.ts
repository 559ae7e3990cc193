import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { checkImagePixels, type PixelBounds } from "./check-image-pixels";
import { checkReadableFile, fileUnreadable } from "./check-readable-file";
import { detectType } from "./detect-type";
import { DOCX_MIME } from "./docx";
import { removeActiveContent } from "./pdf-active-content";
import { assertUploadSize, fileTypeNotAllowed, type UploadedFile } from "./upload-limits";
import { clip } from "@/lib/text/clip";

/** A file checked to be kept with a document: its type from its bytes, and an image's pixel size. */
export type AttachmentFile = {
  name: string;
  bytes: Uint8Array;
  mimetype: string;
  ext: string;
  /** PNG and JPEG only. */
  size?: { width: number; height: number };
};

/** What an `image` field takes: what Word and PDF readers everywhere show. */
export const FIELD_IMAGE_TYPES = ["image/png", "image/jpeg"] as const;
/**
 * The most pixels of an image field's picture: filling a PDF form decodes it (pdf-lib), and a
 * 5000 × 5000 PNG of 97 KB took 181 MB and 5 s to embed (issue 37, item 9).
 */
export const FIELD_IMAGE_MAX_PIXELS: PixelBounds = { width: 4096, height: 4096 };
/** Attachments are not decoded here: any size their header may give (imageSize's own sanity cap). */
const ANY_SIZE: PixelBounds = { width: Infinity, height: Infinity };
/** What attachments and `attachment` or `file` fields take. */
export const ATTACHMENT_TYPES = ["application/pdf", DOCX_MIME, "image/png", "image/jpeg", "image/webp"] as const;

const corrupt = (kind: string) =>
  new AppError(AppErrorCode.FILE_CORRUPT, { message: `The file is damaged or is not a valid ${kind} file.`, params: { kind } });

/**
 * Reads an upload meant to be kept with a document, by its bytes whatever its name says: a PDF
 * or a Word .docx that opens (checkReadableFile: FILE_UNREADABLE otherwise; a password-protected
 * PDF is kept as it is), a PDF without scripts, launch actions or embedded files (removed, or for
 * a protected one refused), or a PNG, JPEG or WebP image. `imageOnly` takes PNG and JPEG alone (an
 * image field puts the picture in the document, so its picture is also bounded by
 * FIELD_IMAGE_MAX_PIXELS: VALIDATION_FAILED `imagePixels` at `path`, "file" by default).
 * FILE_TYPE_NOT_ALLOWED for anything else, FILE_CORRUPT for an empty file or a damaged image,
 * FILE_TOO_LARGE past the upload limit.
 */
export async function inspectAttachmentFile(
  file: UploadedFile,
  options: { imageOnly?: boolean; path?: string } = {},
): Promise<AttachmentFile> {
  assertUploadSize(file);
  const { bytes } = file;
  const name = clip(file.name, 255) || "file";
  const detected = detectType(bytes);
  if (detected && (detected.mime === "image/png" || detected.mime === "image/jpeg")) {
    const size = checkImagePixels(bytes, options.imageOnly ? FIELD_IMAGE_MAX_PIXELS : ANY_SIZE, "image", options.path ?? "file");
    if (!size) throw corrupt(detected.mime === "image/png" ? "PNG" : "JPEG");
    return { name, bytes, mimetype: detected.mime, ext: detected.ext, size };
  }
  if (options.imageOnly) throw fileTypeNotAllowed();
  if (detected?.mime === "image/webp") return { name, bytes, mimetype: detected.mime, ext: detected.ext };
  if (detected?.mime === "application/pdf") {
    // Kept without what a reader would run or open by itself; a protected file cannot be rewritten, so it must hold none.
    const { pdf, encrypted } = await checkReadableFile(bytes, "pdf", { allowEncrypted: true });
    const removed = removeActiveContent(pdf, { inspectOnly: encrypted });
    if (removed.length && encrypted) throw fileUnreadable("pdf", "activeContent");
    const kept = removed.length ? await pdf.save({ updateFieldAppearances: false }) : bytes;
    return { name, bytes: kept, mimetype: detected.mime, ext: "pdf" };
  }
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    await checkReadableFile(bytes, "docx");
    return { name, bytes, mimetype: DOCX_MIME, ext: "docx" };
  }
  throw fileTypeNotAllowed();
}
