import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { displayName } from "@/lib/users/person";
import { documentVisibility } from "./access";

/** Authors listed in the /docs filter at most. */
const MAX_AUTHORS = 200;

/**
 * The SQL of the people who wrote documents the caller sees (id, firstName, lastName, email), at
 * most MAX_AUTHORS, or null when the caller sees no document: whoever sees a document sees its
 * author, so this needs no member-list permission and names no one else. `archived` for the
 * archive's filter. Who sees every document gets a loose index scan of (accountId, archived,
 * authorId): one probe per author, whatever the number of documents; who sees only their shared
 * documents gets the authors of those, through their own policies. Shared by
 * findDocumentsAuthors and the /docs screen's one query for its filter options.
 */
export async function documentsAuthorsSql(ctx: ServiceContext, archived: boolean): Promise<Prisma.Sql | null> {
  const { accountId } = accountScope(ctx);
  const visibility = await documentVisibility(ctx);
  if (visibility === "none") return null;
  const authors =
    visibility === "all"
      ? Prisma.sql`
        WITH RECURSIVE authors(id) AS (
          (SELECT d."authorId" FROM "Document" d
           WHERE d."accountId" = ${accountId} AND d.archived = ${archived} AND d."authorId" IS NOT NULL
           ORDER BY d."authorId" LIMIT 1)
          UNION ALL
          SELECT (SELECT d."authorId" FROM "Document" d
                  WHERE d."accountId" = ${accountId} AND d.archived = ${archived} AND d."authorId" > a.id
                  ORDER BY d."authorId" LIMIT 1)
          FROM authors a WHERE a.id IS NOT NULL
        )
        SELECT id FROM authors WHERE id IS NOT NULL`
      : Prisma.sql`
        SELECT DISTINCT d."authorId" AS id FROM "DocumentPolicy" p JOIN "Document" d ON d.id = p."documentId"
        WHERE p."accountId" = ${accountId} AND p."userId" = ${ctx.userId} AND p.status = 'active'
          AND d."accountId" = ${accountId} AND d.archived = ${archived} AND d."authorId" IS NOT NULL`;
  return Prisma.sql`SELECT u.id, u."firstName", u."lastName", u.email FROM "User" u WHERE u.id IN (${authors}) LIMIT ${MAX_AUTHORS}`;
}

/** Authors as the /docs filter lists them: id and display name, by name. */
export const authorOptions = (users: { id: string; firstName: string; lastName: string; email: string }[]) =>
  users.map((u) => ({ id: u.id, name: displayName(u) })).sort((a, b) => a.name.localeCompare(b.name));

/** The people who wrote documents the caller sees, by name, for the /docs author filter (documentsAuthorsSql). */
export async function findDocumentsAuthors(ctx: ServiceContext, options: { archived?: boolean } = {}) {
  const sql = await documentsAuthorsSql(ctx, options.archived ?? false);
  if (!sql) return [];
  return authorOptions(await db.$queryRaw<{ id: string; firstName: string; lastName: string; email: string }[]>(sql));
}
