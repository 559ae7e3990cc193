import { createHash } from "node:crypto";
import Docxtemplater from "docxtemplater";
import PizZip from "pizzip";
import { AppError, AppErrorCode, isAppError } from "@/lib/errors/app-error";
import { fileUnreadable } from "./check-readable-file";
import { VARIABLE_FORMATS, type VariableFormat } from "@/lib/templates/detect-variables";
import { imageMarker, placeDocxImages, type DocxImage } from "./docx-images";
import { unzipSafely } from "./zip";

export const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

const corrupt = () =>
  new AppError(AppErrorCode.FILE_CORRUPT, {
    message: "The file is damaged or is not a valid Word file.",
    params: { kind: "Word (.docx)" },
  });

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decodeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_m, code: string) =>
    code[0] === "#"
      ? String.fromCodePoint(code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10))
      : ENTITIES[code.toLowerCase()],
  );

/** The text of a WordprocessingML part, one line per paragraph, runs joined (a field split across runs reads whole). */
function partText(xml: string): string {
  const lines: string[] = [];
  for (const paragraph of xml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? []) {
    let line = "";
    for (const piece of paragraph.match(/<w:t(?: [^>]*)?>[^<]*<\/w:t>|<w:tab\/>|<w:br\/>/g) ?? []) {
      if (piece === "<w:tab/>") line += "\t";
      else if (piece === "<w:br/>") line += "\n";
      else line += decodeXml(piece.replace(/<[^>]+>/g, ""));
    }
    lines.push(line);
  }
  return lines.join("\n");
}

/**
 * Opens a .docx safely (zip limits, required parts) and returns its plain text: body, then
 * headers and footers. FILE_CORRUPT when it is not a Word document.
 */
export function readDocx(bytes: Uint8Array): { text: string } {
  const files = unzipSafely(bytes, "Word (.docx)");
  if (!files.has("[Content_Types].xml") || !files.has("word/document.xml")) throw corrupt();
  return { text: docxText(files) };
}

/** The plain text of an opened Word package (its parts by name): body, then headers and footers. */
export function docxText(files: Map<string, Uint8Array>): string {
  const decoder = new TextDecoder();
  const parts = [decoder.decode(files.get("word/document.xml"))];
  for (const [name, data] of files) {
    if (/^word\/(header|footer)\d*\.xml$/.test(name)) parts.push(decoder.decode(data));
  }
  return parts.map(partText).join("\n").trim();
}

/** A field's value, never something inherited (a field may be called "constructor"). */
const own = (record: Record<string, string>, key: string) => (Object.hasOwn(record, key) ? record[key] : undefined);

type DocxError = { properties?: { errors?: { properties?: { explanation?: string } }[]; explanation?: string } };

/**
 * Fills a .docx template: every field in `format` gets `values[name]` (already formatted as
 * text; a missing one leaves the field empty), and every field named in `images` gets that
 * picture, inline where the field was (lib/files/docx-images.ts). TEMPLATE_INVALID with
 * docxtemplater's explanation when the template cannot be parsed (an unclosed field, say);
 * FILE_UNREADABLE when the file itself does not open (one stored before uploads were checked).
 */
export function fillDocx(
  bytes: Uint8Array,
  format: VariableFormat,
  values: Record<string, string>,
  images: Record<string, DocxImage> = {},
): Uint8Array {
  const { start, end } = VARIABLE_FORMATS[format];
  const nonce = crypto.randomUUID().replace(/-/g, "").slice(0, 12);
  const pictures = Object.values(images);
  const markers = Object.fromEntries(Object.keys(images).map((name, index) => [name, imageMarker(nonce, index)]));
  try {
    const doc = new Docxtemplater(new PizZip(bytes), {
      delimiters: { start, end },
      paragraphLoop: true,
      linebreaks: true,
      nullGetter: () => "",
      parser: (tag: string) => ({ get: () => own(markers, tag.trim()) ?? own(values, tag.trim()) ?? "" }),
    });
    doc.render();
    placeDocxImages(doc.getZip(), nonce, pictures);
    return doc.getZip().generate({ type: "uint8array", compression: "DEFLATE" });
  } catch (error) {
    const props = (error as DocxError).properties;
    const reason = props?.errors?.[0]?.properties?.explanation ?? props?.explanation;
    if (isAppError(error)) throw error;
    if (!reason) throw fileUnreadable("docx");
    throw new AppError(AppErrorCode.TEMPLATE_INVALID, { message: `The template cannot be filled: ${reason}`, params: { reason } });
  }
}

/**
 * Makes mammoth's HTML safe to put in a page: it escapes text and writes no scripts or event
 * attributes, but copies link targets from the file, so anything but http(s), mailto and
 * in-page anchors is neutralised, and images must be inline data.
 */
export function sanitizeRenditionHtml(html: string): string {
  return html
    .replace(/<\/?(script|style|iframe|object|embed|form)[^>]*>/gi, "")
    .replace(/\son[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, "")
    .replace(/href="(?!https?:\/\/|mailto:|#)[^"]*"/gi, 'href="#"')
    .replace(/src="(?!data:image\/(png|jpeg|gif|webp);)[^"]*"/gi, 'src=""');
}

/** Characters of renditions kept in this process, and the largest one kept. */
export const RENDITION_CACHE = { chars: 32_000_000, largest: 4_000_000 };
const renditions = new Map<string, string>();
let renditionChars = 0;

/**
 * An HTML rendition of a .docx for the browser (mammoth), sanitised. FILE_UNREADABLE when mammoth
 * cannot read it. Kept by the SHA-256 of the file, most recently used last, up to
 * RENDITION_CACHE.chars: a version's file is shown far more often than it is written (the
 * document's screen, signers, reviewers and link visitors). Converting a one-page file on each
 * load was about a third of the server time of /d/{id}/view (28.7 against 18.4 ms a load with
 * the rendition kept). Keyed by content, a kept rendition is never stale. Each process keeps its
 * own. Screens showing a stored file go through storedDocxToHtml (lib/documents/stored-file.ts),
 * which skips reading the file when its rendition is kept.
 */
export async function docxToHtml(bytes: Uint8Array): Promise<string> {
  return (await docxRendition(bytes)).html;
}

/** docxToHtml with the key it keeps the rendition by (the file's SHA-256). */
export async function docxRendition(bytes: Uint8Array): Promise<{ html: string; key: string }> {
  const key = createHash("sha256").update(bytes).digest("base64");
  const kept = keptRendition(key);
  if (kept !== undefined) return { html: kept, key };
  const mammoth = await import("mammoth");
  const result = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) }).catch(() => {
    throw fileUnreadable("docx");
  });
  const html = sanitizeRenditionHtml(result.value);
  // (Another request may have kept the same file meanwhile.)
  if (html.length <= RENDITION_CACHE.largest && !renditions.has(key)) {
    renditions.set(key, html);
    renditionChars += html.length;
    for (const [oldest, value] of renditions) {
      if (renditionChars <= RENDITION_CACHE.chars) break;
      renditions.delete(oldest);
      renditionChars -= value.length;
    }
  }
  return { html, key };
}

/** The rendition kept by `key` (docxRendition's), now the most recently used; undefined when none is. */
export function keptRendition(key: string): string | undefined {
  const kept = renditions.get(key);
  if (kept !== undefined) {
    renditions.delete(key);
    renditions.set(key, kept);
  }
  return kept;
}

/** How many renditions this process keeps, and their characters (tests). */
export const renditionCacheSize = () => ({ entries: renditions.size, chars: renditionChars });
