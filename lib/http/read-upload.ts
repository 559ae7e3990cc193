import { Readable, Transform, pipeline } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { AppError, AppErrorCode, isAppError, missingParameter } from "@/lib/errors/app-error";
import { fileTooLarge, tooManyFiles, uploadMaxBytes, uploadMaxFiles, type UploadedFile } from "@/lib/files/upload-limits";
import { clip } from "@/lib/text/clip";

/** The `data` part is a small JSON object of details; any text field is capped at this. */
const MAX_FIELD_BYTES = 64 * 1024;
/** Text fields besides `data` are ignored, but a form may not carry more than these. */
const MAX_FIELDS = 20;

const notMultipart = () =>
  new AppError(AppErrorCode.VALIDATION_FAILED, { message: "Send the file as multipart/form-data.", params: { fields: "file" } });

/**
 * Reads a multipart upload: `file` (one or several) and an optional `data` JSON field. The
 * declared length is checked before anything is read; then the body is parsed as it streams
 * in, and reading stops at the first limit crossed: a file past UPLOAD_MAX_BYTES
 * (FILE_TOO_LARGE), one file more than allowed (TOO_MANY_FILES), a `data` field past 64 KiB
 * (PAYLOAD_TOO_LARGE), too many fields or parts (VALIDATION_FAILED), or a whole body past the
 * length the declared check allows, whether or not a length was declared. A body that is not
 * multipart, is malformed or ends early is VALIDATION_FAILED; no file is MISSING_PARAMETER
 * unless `required` is false. The service checks the content itself. With `byField`, file parts
 * may also be named `field:<name>` (the files of a template's upload fields); each file then
 * carries `field`, the name after the colon (null for a plain `file` part).
 */
export async function readUpload(
  req: Request,
  operation: string,
  options: { maxFiles?: number; required?: boolean; byField?: boolean } = {},
) {
  const maxFiles = options.maxFiles ?? 1;
  const allowed = Math.min(maxFiles, uploadMaxFiles());
  const maxBody = uploadMaxBytes() * allowed + 64 * 1024;
  const bodyTooLarge = () => (maxFiles > 1 ? tooManyFiles() : fileTooLarge());
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > maxBody) throw bodyTooLarge();
  const { files, rawData } = await readParts(req, allowed, maxBody, bodyTooLarge, !!options.byField);
  if (files.length === 0 && options.required !== false) throw missingParameter("file", operation);
  let data: Record<string, unknown> = {};
  if (typeof rawData === "string" && rawData.trim()) {
    try {
      data = JSON.parse(rawData);
    } catch {
      throw new AppError(AppErrorCode.MALFORMED_JSON, { message: "The request body is not valid JSON." });
    }
    if (!data || typeof data !== "object" || Array.isArray(data))
      throw new AppError(AppErrorCode.VALIDATION_FAILED, { message: "data must be a JSON object.", params: { fields: "data" } });
  }
  return { files, data };
}

/**
 * Streams the body through busboy and keeps the `file` parts and the first `data` field. The
 * promise settles exactly once: on the first limit crossed or parse error (both streams are
 * destroyed, so the rest of the body is never pulled), or when the form ends cleanly.
 */
function readParts(
  req: Request,
  allowed: number,
  maxBody: number,
  bodyTooLarge: () => AppError,
  byField: boolean,
): Promise<{ files: (UploadedFile & { field?: string | null })[]; rawData?: string }> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    let source: Readable;
    try {
      if (!req.body) throw notMultipart();
      parser = busboy({
        headers: { "content-type": req.headers.get("content-type") ?? undefined },
        // Browsers send the file name as raw UTF-8; busboy's default would read it as latin1.
        defParamCharset: "utf8",
        // Keep the name as the person gave it (the previous parser did too); it is only ever a display name.
        preservePath: true,
        limits: {
          // busboy reports the limit when a file *reaches* fileSize: one byte more lets a file of exactly the maximum through.
          fileSize: uploadMaxBytes() + 1,
          // One more than allowed, so one too many is seen (and refused) rather than silently dropped.
          files: allowed + 1,
          fields: MAX_FIELDS,
          fieldSize: MAX_FIELD_BYTES,
          parts: allowed + 1 + MAX_FIELDS,
        },
      });
      source = Readable.fromWeb(req.body as unknown as NodeReadableStream<Uint8Array>);
    } catch {
      // No body, no or another content type, no boundary, a body already read.
      reject(notMultipart());
      return;
    }

    let settled = false;
    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      reject(error);
      // Destroying the source cancels the request body: nothing more is pulled from the client.
      source.destroy();
      // We may be inside busboy's own callback ('limit', 'file'), which keeps using its state when
      // we return: tear the parser down once it has.
      process.nextTick(() => {
        counter.destroy();
        parser.destroy();
      });
    };

    const parts: { name: string; field: string | null; chunks: Buffer[]; size: number }[] = [];
    let rawData: string | undefined;
    let received = 0;
    // Counts the raw body, so bytes busboy skips (preamble, epilogue, over-long fields) are bounded too.
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        // fail() destroys this stream too: the pending callback is dropped with it.
        if (received > maxBody) fail(bodyTooLarge());
        else done(null, chunk);
      },
    });

    parser.on("file", (name, stream, info) => {
      // A file stream errors only when the parser is destroyed, with an error of its own (or ours) that settles first.
      stream.on("error", () => undefined);
      stream.on("limit", () => fail(fileTooLarge()));
      const field = byField && name.startsWith("field:") ? clip(name.slice(6), 100) : null;
      if (settled || (name !== "file" && field === null)) {
        stream.resume();
        return;
      }
      if (parts.length >= allowed) {
        stream.resume();
        fail(tooManyFiles(allowed));
        return;
      }
      const part = { name: decodeFileName(info.filename) || "upload", field, chunks: [] as Buffer[], size: 0 };
      parts.push(part);
      stream.on("data", (chunk: Buffer) => {
        part.chunks.push(chunk);
        part.size += chunk.length;
      });
    });
    parser.on("field", (name, value, info) => {
      if (name !== "data" || rawData !== undefined) return;
      if (info.valueTruncated) {
        fail(
          new AppError(AppErrorCode.PAYLOAD_TOO_LARGE, {
            message: `The data field is larger than ${MAX_FIELD_BYTES} bytes.`,
            params: { max: MAX_FIELD_BYTES },
          }),
        );
        return;
      }
      rawData = value;
    });
    parser.on("filesLimit", () => fail(tooManyFiles(allowed)));
    const tooManyFields = () =>
      fail(new AppError(AppErrorCode.VALIDATION_FAILED, { message: "The upload has too many fields.", params: { fields: "data" } }));
    parser.on("fieldsLimit", tooManyFields);
    parser.on("partsLimit", tooManyFields);

    pipeline(source, counter, parser, (error) => {
      if (error) {
        // A limit of ours, or busboy's malformed or truncated form, or a body that broke off.
        fail(isAppError(error) ? error : notMultipart());
        return;
      }
      if (settled) return;
      settled = true;
      resolve({
        files: parts.map((part) => ({
          name: part.name,
          bytes: joinChunks(part.chunks, part.size),
          ...(byField ? { field: part.field } : {}),
        })),
        rawData,
      });
    });
  });
}

/** A plain Uint8Array of its own (not a view into Node's shared buffer pool), as `arrayBuffer()` gave. */
function joinChunks(chunks: Buffer[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/** Browsers escape `"`, CR and LF in a multipart file name (HTML's form encoding); undo it as `formData()` did. */
const decodeFileName = (name: string | undefined) => (name ?? "").replace(/%22/g, '"').replace(/%0D/gi, "\r").replace(/%0A/gi, "\n");
