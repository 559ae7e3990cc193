import type { ServiceContext } from "@/lib/auth/context";
import { documentAbilities, requireDocumentRole } from "./access";
import { documentInclude } from "./document-include";
import { getLockHolder, liveLockHolderId } from "./document-lock";
import { documentHealth } from "./status";

/**
 * A document with the caller's role, what that role allows, its health and its lock: `locked`
 * when someone else holds a live edit lock, `lockedBy` the holder (id and name, the caller
 * included) for those who see the document.
 */
export async function getDocument(ctx: ServiceContext, documentId: string) {
  const { document, role } = await requireDocumentRole(ctx, documentId, "reader", documentInclude);
  const holderId = liveLockHolderId(document);
  const lockedBy = await getLockHolder(ctx, document);
  return {
    ...document,
    role,
    abilities: documentAbilities(role),
    health: documentHealth(document),
    locked: !!holderId && holderId !== ctx.userId,
    lockedById: holderId,
    lockedBy,
  };
}
