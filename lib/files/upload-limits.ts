import { AppError, AppErrorCode } from "@/lib/errors/app-error";

/**
 * Upload limits for documents and templates, configurable: UPLOAD_MAX_BYTES (default 20 MB a
 * file) and UPLOAD_MAX_FILES (default 20 files in one import).
 */
export const uploadMaxBytes = () => Number(process.env.UPLOAD_MAX_BYTES) || 20 * 1024 * 1024;
export const uploadMaxFiles = () => Number(process.env.UPLOAD_MAX_FILES) || 20;
/** Pages an uploaded PDF may have: UPLOAD_MAX_PDF_PAGES (default 2,000). */
export const uploadMaxPdfPages = () => Number(process.env.UPLOAD_MAX_PDF_PAGES) || 2000;
/** Milliseconds an uploaded PDF may take to open: UPLOAD_OPEN_TIMEOUT_MS (default 10,000). */
export const uploadOpenTimeoutMs = () => Number(process.env.UPLOAD_OPEN_TIMEOUT_MS) || 10_000;

export const fileTooLarge = (max = uploadMaxBytes()) =>
  new AppError(AppErrorCode.FILE_TOO_LARGE, {
    message: "The file size exceeds the maximum allowed.",
    params: { max: `${Math.round((max / 1024 / 1024) * 10) / 10} MB` },
  });

export const tooManyFiles = (max = uploadMaxFiles()) =>
  new AppError(AppErrorCode.TOO_MANY_FILES, { message: `Maximum number of files reached (${max}).`, params: { max } });

export const fileTypeNotAllowed = () => new AppError(AppErrorCode.FILE_TYPE_NOT_ALLOWED, { message: "This file type is not allowed." });

/** An uploaded file as services take it: bytes and the name the person gave it. */
export type UploadedFile = { name: string; bytes: Uint8Array };

export function assertUploadSize(file: UploadedFile) {
  if (file.bytes.byteLength > uploadMaxBytes()) throw fileTooLarge();
  if (file.bytes.byteLength === 0)
    throw new AppError(AppErrorCode.FILE_CORRUPT, { message: "The file is empty.", params: { kind: file.name.split(".").pop() ?? "" } });
}
