import { db } from "@/lib/db";
import type { AccountContext, ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { documentInclude } from "./document-include";
import { documentListConditions, documentListSchema } from "./document-list-sql";
import { documentHealth, EXPIRY_NOTICE_DAYS } from "./status";

/** Open documents ending within the notice period or already marked toExpire, soonest first (home panel). */
export async function expiringDocuments(ctx: ServiceContext, size = 10) {
  accountScope(ctx);
  const actx = ctx as AccountContext;
  const where = await documentListConditions(actx, documentListSchema.parse({}));
  const limit = new Date(Date.now() + EXPIRY_NOTICE_DAYS * 86_400_000);
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT d.id FROM "Document" d
    WHERE ${where} AND d.status NOT IN ('expired', 'completed', 'cancelled') AND (d.status = 'toExpire' OR (d."endedAt" IS NOT NULL AND d."endedAt" <= ${limit}))
    ORDER BY d."endedAt" ASC NULLS LAST, d.id LIMIT ${Math.min(Math.max(size, 1), 50)}`;
  const docs = await db.document.findMany({
    where: { id: { in: rows.map((r) => r.id) }, accountId: actx.accountId },
    include: documentInclude,
  });
  const byId = new Map(docs.map((d) => [d.id, d]));
  return rows.flatMap((r) => (byId.has(r.id) ? [{ ...byId.get(r.id)!, health: documentHealth(byId.get(r.id)!) }] : []));
}
