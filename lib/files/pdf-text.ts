import { getResolvedPDFJS } from "unpdf";
import { clip } from "@/lib/text/clip";

/** Bounds on what one PDF may cost to read: pages, characters kept and time. */
export type PdfTextLimits = {
  /** Pages read, from the first (default 500). */
  maxPages?: number;
  /** Characters kept (default 1,000,000). */
  maxChars?: number;
  /** Milliseconds before reading stops with what it has (default 5,000). */
  timeoutMs?: number;
  /** Append the values of the form's filled fields after the page text (default true). */
  formValues?: boolean;
};

export const PDF_TEXT_LIMITS = { maxPages: 500, maxChars: 1_000_000, timeoutMs: 5_000 } as const;

const TIMED_OUT = Symbol("timed out");
let warnedUnavailable = false;

/**
 * The promise's value, or TIMED_OUT once the deadline passes. The promise is left to settle on
 * its own; a rejection after the deadline is swallowed, never unhandled.
 */
function beforeDeadline<T>(promise: Promise<T>, deadline: number): Promise<T | typeof TIMED_OUT> {
  const ms = deadline - performance.now();
  if (ms <= 0) {
    promise.catch(() => undefined);
    return Promise.resolve(TIMED_OUT);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

type TextChunk = { items: Array<{ str?: unknown; hasEOL?: unknown }> };
const chunkText = (chunk: TextChunk) =>
  chunk.items.map((item) => (typeof item.str === "string" ? item.str + (item.hasEOL ? "\n" : "") : "")).join("");

/**
 * Text fit for a Postgres text column and a search index: no NUL or other control characters
 * (Postgres refuses NUL), no lone surrogates, runs of spaces and blank lines collapsed.
 */
function clean(text: string): string {
  return text
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD")
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, " ")
    .replace(/[^\S\n]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The values a person filled in the form (text, choices, the chosen radio option), one per field. */
function formValueText(fields: Record<string, unknown[]> | null): string[] {
  const values: string[] = [];
  for (const widgets of Object.values(fields ?? {})) {
    const field = widgets.find((w): w is { type?: unknown; value?: unknown } => typeof w === "object" && w !== null && "value" in w);
    if (!field) continue;
    const picked = Array.isArray(field.value) ? field.value.filter((v) => typeof v === "string").join(", ") : field.value;
    if (typeof picked !== "string" || !picked.trim()) continue;
    if (field.type === "checkbox" || field.type === "button" || (field.type === "radiobutton" && picked === "Off")) continue;
    values.push(picked);
  }
  return values;
}

/**
 * The plain text of a PDF for full-text search: the text of each page (pages joined by a new
 * line), then the filled form values. Reads at most `maxPages` pages and keeps at most
 * `maxChars` characters, streaming each page's text so a huge page stops at the cap, and stops
 * at `timeoutMs` with what it has read. PDF.js runs in this thread (unpdf's serverless build
 * bundles its worker code, so there is no worker file to locate) without eval or fonts, loaded
 * on first use. The deadline is seen whenever PDF.js yields, between pages and within a long
 * page; one synchronous stretch on a huge crafted page can overrun it (measured: under a second
 * for 4 MB of page content; the upload limit bounds the rest).
 * Never throws: an unreadable, encrypted or damaged file gives the text read so far, or "".
 * Whether the upload is a valid PDF is checked elsewhere (readPdfForm).
 */
export async function extractPdfText(bytes: Uint8Array, limits: PdfTextLimits = {}): Promise<string> {
  const { maxPages, maxChars, timeoutMs } = { ...PDF_TEXT_LIMITS, ...limits };
  const deadline = performance.now() + timeoutMs;
  const parts: string[] = [];
  let chars = 0;
  /** Keeps text up to the cap; false once it is full. */
  const keep = (text: string) => {
    const piece = clip(text, Math.max(0, maxChars - chars));
    parts.push(piece);
    chars += piece.length;
    return chars < maxChars;
  };

  const pdfjs = await getResolvedPDFJS().catch((error: unknown) => {
    // Not the file's fault: the library itself is missing or broken, so say so once.
    if (!warnedUnavailable) console.error("PDF text extraction is unavailable", error);
    warnedUnavailable = true;
    return null;
  });
  if (!pdfjs) return "";
  let task: { destroy(): Promise<void> } | undefined;
  try {
    const loading = pdfjs.getDocument({
      // A copy: PDF.js transfers (detaches) the buffer it is given, and the caller stores these bytes.
      data: bytes.slice(),
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      useWorkerFetch: false,
      isOffscreenCanvasSupported: false,
      stopAtErrors: false,
      verbosity: 0,
    });
    task = loading;
    const doc = await beforeDeadline(loading.promise, deadline);
    if (doc === TIMED_OUT) return clean(parts.join(""));
    const pages = Math.min(doc.numPages, Math.max(0, maxPages));
    let full = false;
    let timedOut = false;
    for (let n = 1; n <= pages && !full && !timedOut; n++) {
      if (n > 1 && !keep("\n")) break;
      const page = await beforeDeadline(doc.getPage(n), deadline).catch(() => null);
      if (page === TIMED_OUT) timedOut = true;
      if (!page || page === TIMED_OUT) continue;
      const reader = page.streamTextContent().getReader();
      try {
        while (!full) {
          const chunk = await beforeDeadline(reader.read() as Promise<ReadableStreamReadResult<TextChunk>>, deadline);
          if (chunk === TIMED_OUT) {
            timedOut = true;
            break;
          }
          if (chunk.done) break;
          full = !keep(chunkText(chunk.value));
        }
      } catch {
        // A damaged content stream: keep this page's text so far and go on with the next.
      } finally {
        // Not reader.cancel(): PDF.js 5.6 then still enqueues into the closed stream and rejects
        // unhandled. A stream left unread ends with the document's destroy() below.
        reader.releaseLock();
        page.cleanup();
      }
    }
    if ((limits.formValues ?? true) && !full && !timedOut) {
      const fields = await beforeDeadline(doc.getFieldObjects() as Promise<Record<string, unknown[]> | null>, deadline).catch(() => null);
      const values = fields === TIMED_OUT ? [] : formValueText(fields);
      if (values.length) keep(`\n${values.join("\n")}`);
    }
  } catch {
    // Unreadable, encrypted or damaged: the text read so far (often none) is all there is.
  } finally {
    await task?.destroy().catch(() => undefined);
  }
  return clip(clean(parts.join("")), maxChars);
}
