import { queryPrepared } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { buildFolderTree, flattenTree } from "@/lib/folders/folders";

type Option = { id: string; name: string };
type FolderRow = Option & { parentId: string | null };

/**
 * What the document screens offer to choose from, in one statement: the workspace's document
 * categories (its own and the global ones, hidden ones left out: the rule of findCategories), its
 * tags (findTags), its folders of documents (findFolders, as a flat tree: flattenTree), the
 * workspace's settings (getAccount's, for the rules the screens show), and, with `authors`, the
 * rows of that SQL (the list's author filter). Needs ViewDocuments or ManageDocuments. Sent
 * prepared (queryPrepared): its text is one of a few (with or without `extra`, and the two of
 * documentsAuthorsSql).
 * tests/integration/documents/load-document-list.test.ts checks it agrees with those services.
 */
export async function documentOptions<Extra = never>(ctx: ServiceContext, extra?: Prisma.Sql) {
  const { accountId } = accountScope(ctx);
  const [row] = await queryPrepared<{
    categories: Option[];
    tags: (Option & { color: string })[];
    folders: FolderRow[];
    settings: Prisma.JsonValue;
    extra: Extra[] | null;
  }>(Prisma.sql`
    SELECT
      (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.name, c.id), '[]'::json)
       FROM (SELECT c.id, c.name FROM "Category" c JOIN "Account" a ON a.id = ${accountId}
             WHERE (c."accountId" = ${accountId} OR (c."accountId" IS NULL AND c.global)) AND c."group" = 'document'
               AND NOT CASE WHEN c.global THEN coalesce(a.settings -> 'hiddenCategories', '[]'::jsonb) ? c.id ELSE c.hidden END
             ORDER BY c.name, c.id LIMIT 1000) c) AS categories,
      (SELECT coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) ORDER BY t.name), '[]'::json)
       FROM (SELECT t.id, t.name, t.color FROM "Tag" t WHERE t."accountId" = ${accountId} ORDER BY t.name LIMIT 1000) t) AS tags,
      (SELECT coalesce(json_agg(json_build_object('id', f.id, 'name', f.name, 'parentId', f."parentId") ORDER BY f.name, f.id), '[]'::json)
       FROM (SELECT f.id, f.name, f."parentId" FROM "Folder" f WHERE f."accountId" = ${accountId} AND f."group" = 'document'
             ORDER BY f.name, f.id LIMIT 5000) f) AS folders,
      (SELECT a.settings FROM "Account" a WHERE a.id = ${accountId}) AS settings,
      ${extra ? Prisma.sql`(SELECT json_agg(row_to_json(x)) FROM (${extra}) x)` : Prisma.sql`NULL::json`} AS extra`);
  return {
    categories: row!.categories,
    tags: row!.tags,
    folders: flattenTree(buildFolderTree(row!.folders)),
    settings: (row!.settings ?? {}) as Record<string, unknown>,
    extra: row!.extra ?? [],
  };
}
