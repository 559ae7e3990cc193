import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";

type VersionDetails = { readOnly: boolean; delimiters: string | null; authorId: string | null };

// One read per version and request: GraphQL asks for several of these fields on each row.
const perRequest = new WeakMap<ServiceContext, Map<string, Promise<VersionDetails | null>>>();

/**
 * A version's readOnly flag, variable format and author id, for rows a service loaded with fewer
 * columns (the latest version included with a document). Only the caller's account: null for
 * anything else. Callers pass ids of versions of documents the caller has been allowed to see.
 */
export async function getVersionDetails(ctx: ServiceContext, versionId: string): Promise<VersionDetails | null> {
  const { accountId } = accountScope(ctx);
  let cache = perRequest.get(ctx);
  if (!cache) perRequest.set(ctx, (cache = new Map()));
  let found = cache.get(versionId);
  if (!found) {
    found = db.documentContent.findFirst({ where: { id: versionId, accountId }, select: { readOnly: true, delimiters: true, authorId: true } });
    cache.set(versionId, found);
  }
  return found;
}
