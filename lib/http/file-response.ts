import { DOCX_MIME } from "@/lib/files/docx";
import { CONTENT_TYPE_OPTIONS, INLINE_FILE_CSP, API_CSP } from "./security-headers";

/**
 * The one way a stored or generated file leaves the app (document files and versions, PDF
 * renditions, attachments, share-link downloads, template files, the sample template, brand
 * images, avatars, CSV exports). SECURITY-CRITICAL: a user's file must never run as a page of our
 * origin. So:
 * - it is a download (`attachment`) unless the caller shows it on purpose (`inline`: the PDF
 *   iframe of /d/{id}/view, an <img>), and inline only for the types in INLINE_TYPES;
 * - its Content-Type is the stored type only when that type is in SAFE_TYPES (what the upload
 *   checks accept, by the bytes), else application/octet-stream: never HTML, SVG, XML or script;
 * - nosniff, and a policy that loads and runs nothing (sandboxed and framable by our pages only
 *   when inline). proxy.ts sends the same policies (lib/http/security-headers.ts), and its headers
 *   win; these are for any path that does not pass through it.
 * Tested in tests/unit/http/file-response.test.ts and tests/integration/http/file-downloads.test.ts.
 */
export type FileBody = {
  stream: ReadableStream<Uint8Array>;
  /** Unknown for generated streams (CSV): then no Content-Length. */
  size?: number;
  mimetype: string;
  fileName: string;
};

/** What a browser may show in place: PDF and raster images. */
export const INLINE_TYPES: ReadonlySet<string> = new Set(["application/pdf", "image/png", "image/jpeg", "image/webp"]);
/** What a download keeps as its type: the types our uploads are checked to be, and our CSV and JSON exports. */
export const SAFE_TYPES: ReadonlySet<string> = new Set([...INLINE_TYPES, DOCX_MIME, "application/msword", "text/csv", "application/json"]);

const baseType = (mimetype: string) => mimetype.split(";")[0].trim().toLowerCase();

/** The Content-Type a file goes out with: its own when safe (with its parameters, e.g. charset), else octet-stream. */
export function safeContentType(mimetype: string): string {
  return SAFE_TYPES.has(baseType(mimetype)) ? mimetype : "application/octet-stream";
}

/** `attachment` or `inline`, with an ASCII name for old clients and the exact name in UTF-8 (RFC 6266). */
export function contentDisposition(fileName: string, inline: boolean): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "");
  return `${inline ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * A file response: streamed, never sniffed, with the stored name. `inline` is a wish, granted only
 * to PDFs and raster images. `cacheControl` defaults to private, no-store.
 */
export function fileResponse(file: FileBody, options: { inline?: boolean; cacheControl?: string } = {}): Response {
  const type = safeContentType(file.mimetype);
  const inline = Boolean(options.inline) && INLINE_TYPES.has(baseType(type));
  const headers: Record<string, string> = {
    "content-type": type,
    "content-disposition": contentDisposition(file.fileName, inline),
    "cache-control": options.cacheControl ?? "private, no-store",
    "x-content-type-options": CONTENT_TYPE_OPTIONS,
    "content-security-policy": inline ? INLINE_FILE_CSP : API_CSP,
    "x-frame-options": inline ? "SAMEORIGIN" : "DENY",
  };
  if (file.size !== undefined) headers["content-length"] = String(file.size);
  return new Response(file.stream, { headers });
}
