import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { docxRendition, keptRendition } from "@/lib/files/docx";
import { storage } from "@/lib/storage/storage";

/** Reads a stored file whole (templates and versions are bounded by the upload limit). */
export async function readStored(key: string): Promise<Uint8Array> {
  const stored = await storage().get(key);
  if (!stored) throw new AppError(AppErrorCode.NOT_FOUND, { message: "The file is missing." });
  return new Uint8Array(await new Response(stored.stream).arrayBuffer());
}

/** How many stored keys storedDocxToHtml remembers the content of (about 100 bytes each). */
export const STORED_RENDITION_KEYS = 20_000;
const contentKeys = new Map<string, string>();

/**
 * The HTML rendition of the stored .docx `key` (docxToHtml), without reading the file again when
 * this process already keeps its rendition: a Word version is never written again under its key
 * (each version is written under a key of its own, lib/documents/version-files.ts), so the key
 * names one content for good. Reading the file to know its content cost each view of a document
 * a whole download of its version (from S3, a request) and a SHA-256 of it. Each process
 * remembers its own keys, the oldest forgotten first; a stale entry cannot be, only a missing one.
 */
export async function storedDocxToHtml(key: string): Promise<string> {
  const known = contentKeys.get(key);
  const kept = known === undefined ? undefined : keptRendition(known);
  if (kept !== undefined) return kept;
  const rendition = await docxRendition(await readStored(key));
  contentKeys.delete(key);
  contentKeys.set(key, rendition.key);
  for (const oldest of contentKeys.keys()) {
    if (contentKeys.size <= STORED_RENDITION_KEYS) break;
    contentKeys.delete(oldest);
  }
  return rendition.html;
}
