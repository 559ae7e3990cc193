import { z } from "zod";
import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { requireDocumentRole } from "./access";
import { storedDocxToHtml } from "./stored-file";

/** The `?version=` of /d/{id}/view: a version number (absent: the latest). */
export const renditionVersionSchema = z.coerce.number().int().min(1).max(1_000_000).optional();

/**
 * What the Document tab of /d/{id}/view shows: one version (the latest without `version`),
 * with its HTML rendition when it is a Word file (null for a PDF, which the browser's viewer
 * shows), and the latest version's number, so the screen can say that an older one is on show.
 * NOT_FOUND for a version the document does not have (another account's document included).
 * Needs reader.
 */
export async function getDocumentRendition(ctx: ServiceContext, documentId: string, version?: number) {
  const { document } = await requireDocumentRole(ctx, documentId, "reader");
  const where = { accountId: document.accountId, documentId: document.id };
  const latest = await db.documentContent.findFirst({ where, orderBy: { version: "desc" } });
  const content =
    version && latest && version !== latest.version ? await db.documentContent.findFirst({ where: { ...where, version } }) : latest;
  return renditionOf(latest, content);
}

type Version = { version: number; name: string; mimetype: string; path: string };

/**
 * The rendition of `content` (a version read with its storage path), `latest` the document's
 * newest version; NOT_FOUND when either is missing.
 */
export async function renditionOf(latest: Version | null | undefined, content: Version | null | undefined) {
  if (!latest || !content) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Version not found." });
  const isPdf = content.mimetype === "application/pdf";
  return {
    version: content.version,
    latestVersion: latest.version,
    isLatest: content.version === latest.version,
    name: content.name,
    mimetype: content.mimetype,
    html: isPdf ? null : await storedDocxToHtml(content.path),
  };
}
