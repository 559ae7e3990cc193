import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";

type Tx = Pick<Prisma.TransactionClient, "category" | "folder" | "tag">;

/**
 * SECURITY-CRITICAL. Checks that the category, folder and tags a document or template is
 * linked to are the account's own (or a global category), so no id from another account can be
 * attached. NOT_FOUND otherwise.
 */
export async function assertOwnReferences(
  tx: Tx,
  accountId: string,
  refs: { categoryId?: string | null; folderId?: string | null; folderGroup: "document" | "template"; tagIds?: string[] | null },
) {
  if (refs.categoryId) {
    const category = await tx.category.findFirst({
      where: { id: refs.categoryId, OR: [{ accountId }, { accountId: null, global: true }] },
      select: { id: true },
    });
    if (!category) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Category not found." });
  }
  if (refs.folderId) {
    const folder = await tx.folder.findFirst({ where: { id: refs.folderId, accountId, group: refs.folderGroup }, select: { id: true } });
    if (!folder) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Folder not found." });
  }
  if (refs.tagIds?.length) {
    const unique = [...new Set(refs.tagIds)];
    const count = await tx.tag.count({ where: { accountId, id: { in: unique } } });
    if (count !== unique.length) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Tag not found." });
  }
}
