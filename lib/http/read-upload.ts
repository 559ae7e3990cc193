import { AppError, AppErrorCode, missingParameter } from "@/lib/errors/app-error";
import { fileTooLarge, tooManyFiles, uploadMaxBytes, uploadMaxFiles, type UploadedFile } from "@/lib/files/upload-limits";

/**
 * Reads a multipart upload: `file` (one or several) and an optional `data` JSON field. The
 * declared length is checked before anything is read, then each file's size before its bytes
 * are; the service checks the content itself.
 */
export async function readUpload(req: Request, operation: string, options: { maxFiles?: number; required?: boolean } = {}) {
  const maxFiles = options.maxFiles ?? 1;
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > uploadMaxBytes() * Math.min(maxFiles, uploadMaxFiles()) + 64 * 1024) throw maxFiles > 1 ? tooManyFiles() : fileTooLarge();
  const form = await req.formData().catch(() => {
    throw new AppError(AppErrorCode.VALIDATION_FAILED, { message: "Send the file as multipart/form-data.", params: { fields: "file" } });
  });
  const blobs = form.getAll("file").filter((entry): entry is File => entry instanceof Blob);
  if (blobs.length === 0 && options.required !== false) throw missingParameter("file", operation);
  if (blobs.length > Math.min(maxFiles, uploadMaxFiles())) throw tooManyFiles(Math.min(maxFiles, uploadMaxFiles()));
  const files: UploadedFile[] = [];
  for (const blob of blobs) {
    if (blob.size > uploadMaxBytes()) throw fileTooLarge();
    files.push({ name: (blob as File).name || "upload", bytes: new Uint8Array(await blob.arrayBuffer()) });
  }
  const rawData = form.get("data");
  let data: Record<string, unknown> = {};
  if (typeof rawData === "string" && rawData.trim()) {
    try {
      data = JSON.parse(rawData);
    } catch {
      throw new AppError(AppErrorCode.MALFORMED_JSON, { message: "The request body is not valid JSON." });
    }
    if (!data || typeof data !== "object" || Array.isArray(data)) throw new AppError(AppErrorCode.VALIDATION_FAILED, { message: "data must be a JSON object.", params: { fields: "data" } });
  }
  return { files, data };
}

/** A file download response: streamed, never sniffed, with the stored name. */
export function fileResponse(file: { stream: ReadableStream<Uint8Array>; size: number; mimetype: string; fileName: string }, inline = false) {
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/"/g, "");
  return new Response(file.stream, {
    headers: {
      "content-type": file.mimetype,
      "content-length": String(file.size),
      "content-disposition": `${inline ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
