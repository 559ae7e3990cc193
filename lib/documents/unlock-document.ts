import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { requireDocumentRole } from "./access";

/** Releases the caller's edit lock (owners may release anyone's). */
export async function unlockDocument(ctx: ServiceContext, documentId: string) {
  const { document, role } = await requireDocumentRole(ctx, documentId, "editor");
  await db.document.updateMany({
    where: { id: document.id, ...(role === "owner" ? {} : { lockedById: ctx.userId }) },
    data: { lockedById: null, lockedAt: null },
  });
  return { locked: false, lockedAt: null, user: null };
}
