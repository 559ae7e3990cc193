import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { requireDocumentRole } from "./access";
import { findUserSummaries } from "./find-user-summaries";

export const contentSelect = {
  id: true,
  version: true,
  name: true,
  mimetype: true,
  size: true,
  createdAt: true,
  authorId: true,
  readOnly: true,
  delimiters: true,
} as const;

/** Every version of a document, newest first, each with its author's id and name (null when gone). Never the text. Needs reader. */
export async function findDocumentVersions(ctx: ServiceContext, documentId: string) {
  const { document } = await requireDocumentRole(ctx, documentId, "reader");
  const versions = await db.documentContent.findMany({
    where: { documentId: document.id },
    orderBy: { version: "desc" },
    select: contentSelect,
  });
  const authors = await findUserSummaries(
    ctx,
    versions.map((v) => v.authorId),
  );
  return versions.map((v) => ({ ...v, author: (v.authorId && authors.get(v.authorId)) || null }));
}
