/**
 * The pages of a document as images (issue 16): the signer's and reviewer's screens and the
 * placement editor show PNGs rendered on the server by poppler's `pdftoppm`, so no PDF viewer is
 * shipped to the browser. The PDF is the latest version's (a Word version's PDF rendition, which
 * needs LibreOffice: CONVERTER_UNAVAILABLE without it, and the screens show the HTML rendition).
 * Each page is rendered once and kept in storage next to the version; renders go through a queue
 * of bounded concurrency (page-render-queue.ts), at a scale that keeps every image within
 * PAGE_IMAGE_MAX_PIXELS, each killed past its time limit (issue 37, item 9).
 */
import { execFile } from "node:child_process";
import { access, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { PDFDocument } from "pdf-lib";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError, AppErrorCode, isAppError } from "@/lib/errors/app-error";
import { convertWithLibreOffice } from "@/lib/files/libreoffice";
import { QUERY_LIMITS } from "@/lib/graphql/query-limits";
import { storage } from "@/lib/storage/storage";
import { mergeVersionMetadata } from "./merge-version-metadata";
import { readStored } from "./stored-file";
import { enqueuePageRender } from "./page-render-queue";
import { pdfRenditionsAvailable } from "./pdf-rendition";

/** Pixels per inch of a page image: an A4 page is about 880 px wide, sharp on a phone. */
const PAGE_DPI = 106;
/** The most pixels of one page image, whatever the page's size (issue 37, item 9). */
export const PAGE_IMAGE_MAX_PIXELS = 4_000_000;
/** How long one render (pdfinfo and pdftoppm) may take before it is killed. */
const RENDER_TIMEOUT_MS = Number(process.env.PAGE_RENDER_TIMEOUT_MS) || 20_000;
/** How long a request waits for its page: GraphQL's time budget (lib/graphql/query-limits.ts); read on each request. */
const pageImageWaitMs = () => Number(process.env.PAGE_IMAGE_WAIT_MS) || Number(process.env.GRAPHQL_TIMEOUT_MS) || QUERY_LIMITS.executionMs;
export const PDFTOPPM = process.env.PDFTOPPM_PATH ?? "/usr/bin/pdftoppm";
const PDFINFO = process.env.PDFINFO_PATH ?? join(dirname(PDFTOPPM), "pdfinfo");

const unavailable = () =>
  new AppError(AppErrorCode.CONVERTER_UNAVAILABLE, {
    message: "Page images of Word files need LibreOffice, which is not installed on this server.",
  });
const noPage = () => new AppError(AppErrorCode.NOT_FOUND, { message: "This page does not exist." });

type Version = { id: string; path: string; mimetype: string; metadata: Prisma.JsonValue; version: number };

/** The document's latest version, of the given workspace. */
export async function latestVersion(accountId: string, documentId: string): Promise<Version> {
  const content = await db.documentContent.findFirst({
    where: { accountId, documentId },
    orderBy: { version: "desc" },
    select: { id: true, path: true, mimetype: true, metadata: true, version: true },
  });
  if (!content) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Version not found." });
  return content;
}

/** The storage key of the version's PDF: itself, or its rendition (made now when LibreOffice is here). */
export async function pdfKeyOf(content: Version): Promise<string> {
  if (content.mimetype === "application/pdf") return content.path;
  const metadata = (content.metadata ?? {}) as { pdfPath?: string };
  if (metadata.pdfPath) return metadata.pdfPath;
  if (!pdfRenditionsAvailable()) throw unavailable();
  const pdf = await convertWithLibreOffice(await readStored(content.path), "docx", "pdf").catch(() => null);
  if (!pdf) throw unavailable();
  const key = `${content.path}.rendition.pdf`;
  await storage().put(key, pdf);
  await mergeVersionMetadata(content.id, { pdfPath: key });
  return key;
}

/**
 * How many pages the latest version has (kept in its metadata after the first count). The count
 * is merged into the metadata as stored now: the rendition's key written by pdfKeyOf just before
 * (from the same stale read this one began with) stays.
 */
export async function documentPageCount(accountId: string, documentId: string): Promise<number> {
  const content = await latestVersion(accountId, documentId);
  const cached = (content.metadata as { pageCount?: number } | null)?.pageCount;
  if (typeof cached === "number") return cached;
  const pdf = await PDFDocument.load(await readStored(await pdfKeyOf(content)), { ignoreEncryption: true, updateMetadata: false });
  const pageCount = pdf.getPageCount();
  await mergeVersionMetadata(content.id, { pageCount });
  return pageCount;
}

/**
 * Page `page` (1-based) of the latest version as PNG bytes: read from storage when it was rendered
 * before (`<version>.pages/<page>.png`), else rendered through the page-render queue and stored.
 * The caller waits at most GraphQL's time budget (PAGE_IMAGE_WAIT_MS overrides it): past it, or when the queue
 * is full, PAGE_IMAGE_UNAVAILABLE `busy` with a time to come back, while the render goes on and
 * is stored for the next request. A page that failed (damaged, or slower than the render limit)
 * answers the same failure for PAGE_FAILURE_MS without running pdftoppm again.
 */
export async function documentPageImage(accountId: string, documentId: string, page: number): Promise<Uint8Array> {
  const content = await latestVersion(accountId, documentId);
  const pdfKey = await pdfKeyOf(content);
  const key = `${content.path}.pages/${page}.png`;
  const cached = await storage().get(key);
  if (cached) return new Uint8Array(await new Response(cached.stream).arrayBuffer());
  const failed = failures.get(key);
  if (failed && failed.until > Date.now()) throw failed.error;
  const pages = await documentPageCount(accountId, documentId);
  if (page < 1 || page > pages) throw noPage();
  const render = enqueuePageRender(key, async () => {
    try {
      const png = await renderPdfPage(await readStored(pdfKey), page);
      await storage().put(key, png);
      return png;
    } catch (error) {
      if (isAppError(error) && error.code !== AppErrorCode.CONVERTER_UNAVAILABLE) rememberFailure(key, error);
      throw error;
    }
  });
  if (!render) throw busy();
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(busy()), pageImageWaitMs());
  });
  try {
    return await Promise.race([render, waited]);
  } finally {
    clearTimeout(timer);
  }
}

/** Failed pages by storage key, with until when they answer their failure (at most 1,000 kept). */
const failures = new Map<string, { error: AppError; until: number }>();
const PAGE_FAILURE_MS = 10 * 60_000;

function rememberFailure(key: string, error: AppError) {
  failures.delete(key);
  failures.set(key, { error, until: Date.now() + PAGE_FAILURE_MS });
  if (failures.size > 1000) failures.delete(failures.keys().next().value!);
}

/**
 * The resolution a page is rendered at: PAGE_DPI, lowered for a page so large that its image
 * would pass PAGE_IMAGE_MAX_PIXELS (a 14,400 pt page at 106 dpi is 449 megapixels, 1.7 GB in
 * pdftoppm; at this scale about 2,000 × 2,000). pdftoppm rounds each side up, hence the margin.
 */
export function pageRenderDpi(widthPt: number, heightPt: number): number {
  const width = Math.max(Math.abs(widthPt) || 1, 1) / 72;
  const height = Math.max(Math.abs(heightPt) || 1, 1) / 72;
  const fits = (dpi: number) => (Math.ceil(width * dpi) + 1) * (Math.ceil(height * dpi) + 1) <= PAGE_IMAGE_MAX_PIXELS;
  // Six significant digits, so that what pdftoppm reads is what was checked (a forged page of
  // 10⁹ points needs a fraction of a thousandth).
  let dpi = Number(Math.min(PAGE_DPI, Math.sqrt(PAGE_IMAGE_MAX_PIXELS / (width * height))).toPrecision(6));
  while (!fits(dpi)) dpi = Number((dpi * 0.99).toPrecision(6));
  return dpi;
}

/** How many times pdftoppm was started in this process, for tests. */
export const pdftoppmRuns = { count: 0 };

/**
 * Renders one page: its size from `pdfinfo`, then `pdftoppm` at pageRenderDpi, both within
 * `timeoutMs` together (killed past it). CONVERTER_UNAVAILABLE without poppler; FILE_UNREADABLE
 * (`damaged`, a PDF) when the page does not render; PAGE_IMAGE_UNAVAILABLE `tooSlow` past the limit.
 */
export async function renderPdfPage(pdf: Uint8Array, page: number, { timeoutMs = RENDER_TIMEOUT_MS } = {}): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), "pages-"));
  const deadline = Date.now() + timeoutMs;
  try {
    const input = join(dir, "in.pdf");
    await writeFile(input, pdf);
    const info = await run(PDFINFO, ["-f", String(page), "-l", String(page), input], deadline);
    // Past the deadline however the tool ended (it may finish just as the timer fires).
    if (Date.now() >= deadline) throw tooSlow();
    const size = /^Page\s+\d+\s+size:\s+([\d.]+)\s+x\s+([\d.]+)/m.exec(info);
    if (!size) throw damaged();
    const dpi = pageRenderDpi(Number(size[1]), Number(size[2]));
    pdftoppmRuns.count++;
    const args = ["-png", "-r", String(dpi), "-f", String(page), "-l", String(page), "-singlefile", input, join(dir, "page")];
    await run(PDFTOPPM, args, deadline);
    if (Date.now() >= deadline) throw tooSlow();
    return new Uint8Array(await readFile(join(dir, "page.png")));
  } catch (error) {
    if (isAppError(error)) throw error;
    const failure = error as NodeJS.ErrnoException & { killed?: boolean };
    if (failure.code === "ENOENT" && !((await exists(PDFTOPPM)) && (await exists(PDFINFO))))
      throw new AppError(AppErrorCode.CONVERTER_UNAVAILABLE, {
        message: "Page images need pdftoppm (poppler-utils), which is not installed.",
      });
    if (failure.killed || Date.now() >= deadline) throw tooSlow();
    throw damaged();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs a poppler tool until `deadline` (then kills it); its standard output. */
function run(file: string, args: string[], deadline: number): Promise<string> {
  const timeout = Math.max(1, deadline - Date.now());
  return new Promise((resolve, reject) => {
    execFile(/*turbopackIgnore: true*/ file, args, { timeout, killSignal: "SIGKILL", maxBuffer: 1 << 20 }, (error, stdout) =>
      error ? reject(error) : resolve(String(stdout)),
    );
  });
}

const damaged = () =>
  new AppError(AppErrorCode.FILE_UNREADABLE, {
    message: "This page could not be shown: the PDF is damaged.",
    params: { reason: "damaged", kind: "PDF" },
  });

const tooSlow = () =>
  new AppError(AppErrorCode.PAGE_IMAGE_UNAVAILABLE, {
    message: "This page takes too long to draw as an image. Download the PDF to read it.",
    params: { reason: "tooSlow" },
  });

const busy = () =>
  new AppError(AppErrorCode.PAGE_IMAGE_UNAVAILABLE, {
    message: "This page is still being prepared. Try again in a moment.",
    params: { reason: "busy" },
    details: { retryAt: new Date(Date.now() + 2_000).toISOString() },
  });

const exists = (path: string) =>
  access(path)
    .then(() => true)
    .catch(() => false);
