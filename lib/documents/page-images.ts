/**
 * The pages of a document as images (issue 16): the signer's and reviewer's screens and the
 * placement editor show PNGs rendered on the server by poppler's `pdftoppm`, so no PDF viewer is
 * shipped to the browser. The PDF is the latest version's (a Word version's PDF rendition, which
 * needs LibreOffice: CONVERTER_UNAVAILABLE without it, and the screens show the HTML rendition).
 * Each page is rendered once and kept in storage next to the version.
 */
import { execFile } from "node:child_process";
import { access, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { convertWithLibreOffice } from "@/lib/files/libreoffice";
import { storage } from "@/lib/storage/storage";
import { mergeVersionMetadata } from "./merge-version-metadata";
import { readStored } from "./stored-file";
import { pdfRenditionsAvailable } from "./pdf-rendition";

/** Pixels per inch of a page image: an A4 page is about 880 px wide, sharp on a phone. */
const PAGE_DPI = 106;
const RENDER_TIMEOUT_MS = Number(process.env.PAGE_RENDER_TIMEOUT_MS) || 20_000;
export const PDFTOPPM = process.env.PDFTOPPM_PATH ?? "/usr/bin/pdftoppm";

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

/** Page `page` (1-based) of the latest version as PNG bytes: rendered once, then read from storage. */
export async function documentPageImage(accountId: string, documentId: string, page: number): Promise<Uint8Array> {
  const content = await latestVersion(accountId, documentId);
  const pdfKey = await pdfKeyOf(content);
  const key = `${content.path}.pages/${page}.png`;
  const cached = await storage().get(key);
  if (cached) return new Uint8Array(await new Response(cached.stream).arrayBuffer());
  const pages = await documentPageCount(accountId, documentId);
  if (page < 1 || page > pages) throw noPage();
  const png = await renderPdfPage(await readStored(pdfKey), page);
  await storage().put(key, png);
  return png;
}

/** Runs pdftoppm on one page, within RENDER_TIMEOUT_MS; FILE_UNREADABLE when it cannot. */
export async function renderPdfPage(pdf: Uint8Array, page: number): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), "pages-"));
  try {
    const input = join(dir, "in.pdf");
    await writeFile(input, pdf);
    const args = ["-png", "-r", String(PAGE_DPI), "-f", String(page), "-l", String(page), "-singlefile", input, join(dir, "page")];
    await new Promise<void>((resolve, reject) => {
      execFile(/*turbopackIgnore: true*/ PDFTOPPM, args, { timeout: RENDER_TIMEOUT_MS, killSignal: "SIGKILL" }, (error) =>
        error ? reject(error) : resolve(),
      );
    });
    return new Uint8Array(await readFile(join(dir, "page.png")));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" && !(await exists(PDFTOPPM)))
      throw new AppError(AppErrorCode.CONVERTER_UNAVAILABLE, {
        message: "Page images need pdftoppm (poppler-utils), which is not installed.",
      });
    throw new AppError(AppErrorCode.FILE_UNREADABLE, { message: "This page could not be shown.", params: { reason: "damaged" } });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const exists = (path: string) =>
  access(path)
    .then(() => true)
    .catch(() => false);
