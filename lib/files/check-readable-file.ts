import { PDFArray, PDFDict, PDFDocument, PDFName } from "pdf-lib";
import { AppError, AppErrorCode, isAppError } from "@/lib/errors/app-error";
import { isWellFormedXml } from "./is-well-formed-xml";
import { uploadMaxPdfPages, uploadOpenTimeoutMs } from "./upload-limits";
import { unzipSafely } from "./zip";

/** Why a file does not open; the translated message says which (errors.FILE_UNREADABLE). */
export type UnreadableReason = "damaged" | "encrypted" | "pages" | "timeout" | "activeContent";

const KIND = { pdf: "PDF", docx: "Word (.docx)" } as const;

const MESSAGES: Record<UnreadableReason, (kind: string, max?: number) => string> = {
  damaged: (kind) => `The file cannot be opened: it is damaged, or it is not a readable ${kind} file.`,
  encrypted: () => "The PDF is protected with a password. Remove the protection and upload it again.",
  pages: (_kind, max) => `The PDF has more than ${max} pages, the most accepted.`,
  timeout: () => "The file took too long to open. Save it again as a new file and upload that.",
  activeContent: () =>
    "The PDF is protected with a password and holds scripts, actions that open other files, or attached files, which cannot be removed from a protected file. Remove the protection and upload it again.",
};

/** FILE_UNREADABLE for a PDF or .docx that does not open; `max` is the page limit crossed. */
export const fileUnreadable = (type: "pdf" | "docx", reason: UnreadableReason = "damaged", max?: number) =>
  new AppError(AppErrorCode.FILE_UNREADABLE, {
    message: MESSAGES[reason](KIND[type], max),
    params: { kind: KIND[type], reason, ...(max === undefined ? {} : { max }) },
  });

export type ReadableLimits = {
  /** Pages a PDF may have (UPLOAD_MAX_PDF_PAGES, default 2,000). */
  maxPages: number;
  /** Milliseconds a PDF may take to open (UPLOAD_OPEN_TIMEOUT_MS, default 10,000). */
  timeoutMs: number;
};

export type CheckOptions = {
  /** Keep a password-protected PDF as it is (attachments) instead of refusing it. */
  allowEncrypted?: boolean;
  limits?: Partial<ReadableLimits>;
};

/** A PDF that opened: pdf-lib's document, to be reused rather than parsed again, and its page count. */
export type ReadablePdf = { type: "pdf"; pdf: PDFDocument; pages: number; encrypted: boolean };
/** A Word package that opened: its parts by name, inflated within the ZIP limits. */
export type ReadableDocx = { type: "docx"; parts: Map<string, Uint8Array> };

/**
 * SECURITY-CRITICAL: every uploaded PDF and Word file passes here before anything is stored
 * (documents, imports, versions, templates, attachments, the files of upload fields, through
 * inspectContractFile and inspectAttachmentFile). It opens the file and refuses, with
 * FILE_UNREADABLE, what does not open as what it claims to be:
 * - a PDF must load in pdf-lib within `timeoutMs`, have a catalog whose page tree holds 1 to
 *   `maxPages` pages (walked without recursion, a cycle or a shared subtree cannot loop or
 *   multiply), and no password unless `allowEncrypted`;
 * - a .docx must unzip within the ZIP-bomb limits (FILE_TOO_LARGE past them), hold
 *   [Content_Types].xml and word/document.xml whose root is a document, and every XML part must
 *   be well-formed.
 * The opened file is returned so callers read it without a second parse.
 */
export async function checkReadableFile(bytes: Uint8Array, type: "pdf", options?: CheckOptions): Promise<ReadablePdf>;
export async function checkReadableFile(bytes: Uint8Array, type: "docx", options?: CheckOptions): Promise<ReadableDocx>;
export async function checkReadableFile(
  bytes: Uint8Array,
  type: "pdf" | "docx",
  options: CheckOptions = {},
): Promise<ReadablePdf | ReadableDocx> {
  if (type === "docx") return { type, parts: openDocx(bytes) };
  const limits = { maxPages: uploadMaxPdfPages(), timeoutMs: uploadOpenTimeoutMs(), ...options.limits };
  const pdf = await loadPdf(bytes, limits.timeoutMs);
  if (pdf.isEncrypted && !options.allowEncrypted) throw fileUnreadable("pdf", "encrypted");
  return { type, pdf, pages: countPages(pdf, limits.maxPages), encrypted: pdf.isEncrypted };
}

const TIMED_OUT = Symbol("timed out");

/**
 * pdf-lib parses in slices (it yields every 100 objects), so the deadline is seen while it works.
 * pdf-lib cannot be cancelled: past the deadline the request is answered and the parse left to
 * finish on its own, which the upload size bounds.
 */
async function loadPdf(bytes: Uint8Array, timeoutMs: number): Promise<PDFDocument> {
  const loading = PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  loading.catch(() => undefined); // settled after the deadline: never an unhandled rejection
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), Math.max(0, timeoutMs));
  });
  try {
    const pdf = await Promise.race([loading, deadline]);
    if (pdf === TIMED_OUT) throw fileUnreadable("pdf", "timeout");
    return pdf;
  } catch (error) {
    throw isAppError(error) ? error : fileUnreadable("pdf");
  } finally {
    clearTimeout(timer);
  }
}

/** Nodes deeper than this are a cycle or a hostile tree: real page trees are a few levels deep. */
const MAX_TREE_DEPTH = 64;

/**
 * The pages of the catalog's page tree, walked the way pdf-lib walks it (every path counts, so a
 * subtree shared twice counts twice) but iteratively and stopping at `maxPages` pages or
 * `MAX_TREE_DEPTH` levels. A missing catalog, page tree or page, or no page at all, is damaged.
 */
function countPages(pdf: PDFDocument, maxPages: number): number {
  try {
    const catalog = pdf.context.lookup(pdf.context.trailerInfo.Root);
    if (!(catalog instanceof PDFDict)) throw fileUnreadable("pdf");
    const tree = pdf.context.lookup(catalog.get(PDFName.of("Pages")));
    if (!(tree instanceof PDFDict)) throw fileUnreadable("pdf");
    let pages = 0;
    let visits = 0;
    const stack: { node: PDFDict; depth: number }[] = [{ node: tree, depth: 0 }];
    while (stack.length) {
      const { node, depth } = stack.pop()!;
      // Deep chains are cycles; many visits for few pages are shared empty subtrees (2^depth paths).
      if (depth > MAX_TREE_DEPTH || ++visits > 4 * maxPages + 1000) throw fileUnreadable("pdf");
      const kids = pdf.context.lookup(node.get(PDFName.of("Kids")));
      const isTree = node.get(PDFName.of("Type")) === PDFName.of("Pages") || (depth === 0 && kids !== undefined);
      if (!isTree) {
        if (++pages > maxPages) throw fileUnreadable("pdf", "pages", maxPages);
        continue;
      }
      if (!(kids instanceof PDFArray)) throw fileUnreadable("pdf");
      for (let i = kids.size() - 1; i >= 0; i--) {
        const kid = pdf.context.lookup(kids.get(i));
        if (!(kid instanceof PDFDict)) throw fileUnreadable("pdf");
        stack.push({ node: kid, depth: depth + 1 });
      }
      // A tree with more kids than pages allowed is over the limit however deep it goes.
      if (stack.length > maxPages + MAX_TREE_DEPTH) throw fileUnreadable("pdf", "pages", maxPages);
    }
    if (pages === 0) throw fileUnreadable("pdf");
    return pages;
  } catch (error) {
    throw isAppError(error) ? error : fileUnreadable("pdf");
  }
}

/** The parts of a Word package, refused unless it has the ones Word needs and all its XML is well-formed. */
function openDocx(bytes: Uint8Array): Map<string, Uint8Array> {
  let parts: Map<string, Uint8Array>;
  try {
    parts = unzipSafely(bytes, KIND.docx);
  } catch (error) {
    // A ZIP bomb stays FILE_TOO_LARGE; a damaged archive is a file that does not open.
    if (isAppError(error) && error.code === AppErrorCode.FILE_CORRUPT) throw fileUnreadable("docx");
    throw error;
  }
  const body = parts.get("word/document.xml");
  if (!parts.has("[Content_Types].xml") || !body) throw fileUnreadable("docx");
  if (isWellFormedXml(body)?.root.replace(/^.*:/, "") !== "document") throw fileUnreadable("docx");
  for (const [name, data] of parts) {
    if (name !== "word/document.xml" && /\.(xml|rels)$/i.test(name) && !isWellFormedXml(data)) throw fileUnreadable("docx");
  }
  return parts;
}
