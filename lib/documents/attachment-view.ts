import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { findUserSummaries } from "./find-user-summaries";

/** A document keeps at most this many files besides its versions. */
export const MAX_ATTACHMENTS = 50;

export const attachmentNotFound = () => new AppError(AppErrorCode.NOT_FOUND, { message: "Attachment not found." });

type AttachmentRow = {
  id: string;
  documentId: string;
  variable: string | null;
  name: string;
  mimetype: string;
  size: number;
  authorId: string | null;
  createdAt: Date;
};

/** An attachment as screens and answers show it: never its storage key. */
export async function presentAttachments(ctx: ServiceContext, rows: AttachmentRow[]) {
  const authors = await findUserSummaries(
    ctx,
    rows.map((row) => row.authorId),
  );
  return rows.map((row) => ({
    id: row.id,
    documentId: row.documentId,
    variable: row.variable,
    name: row.name,
    mimetype: row.mimetype,
    size: row.size,
    createdAt: row.createdAt,
    author: row.authorId ? (authors.get(row.authorId) ?? null) : null,
  }));
}
export type DocumentAttachmentView = Awaited<ReturnType<typeof presentAttachments>>[number];

export const attachmentSelect = {
  id: true,
  documentId: true,
  variable: true,
  name: true,
  mimetype: true,
  size: true,
  authorId: true,
  createdAt: true,
} as const;
