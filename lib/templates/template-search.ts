import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { languageConfigSql, MAX_INDEXED_CHARS, searchQuery } from "@/lib/documents/search-index";

type Tx = Pick<Prisma.TransactionClient, "$executeRaw">;

const LANGUAGE = languageConfigSql(Prisma.raw("t.language"));
const TEXT = Prisma.sql`left(coalesce(t.metadata->>'text', ''), ${MAX_INDEXED_CHARS})`;

/**
 * The search vector of the template row `t`: name and description weighted first, then the
 * file's text (kept in metadata.text when it is uploaded), both word for word and stemmed in the
 * template's language, as documents are (lib/documents/search-index.ts). Migration
 * template_search filled the templates stored before with the same expression.
 */
const templateSearchVectorSql = Prisma.sql`
      setweight(to_tsvector('simple'::regconfig, coalesce(t.name, '') || ' ' || coalesce(t.description, '')), 'A') ||
      setweight(to_tsvector(${LANGUAGE}, coalesce(t.name, '') || ' ' || coalesce(t.description, '')), 'A') ||
      to_tsvector('simple'::regconfig, ${TEXT}) ||
      to_tsvector(${LANGUAGE}, ${TEXT})`;

/** Rebuilds a template's search vector; every write of its name, description, language or file calls it. */
export async function refreshTemplateSearch(tx: Tx, templateId: string): Promise<void> {
  await tx.$executeRaw`UPDATE "Template" t SET search = ${templateSearchVectorSql} WHERE t.id = ${templateId}`;
}

/** Matches at most, before the list's own filters and page (an account's templates number far fewer). */
const MAX_MATCHES = 10_000;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The account's templates whose words match `text` (exact, or stemmed in the searcher's
 * language, over the GIN index), or whose name or description contain it as typed, so a part of
 * a word still finds a name ("serv" finds "Services agreement").
 */
export async function matchingTemplateIds(accountId: string, text: string, locale: string): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT t.id FROM "Template" t
    WHERE t."accountId" = ${accountId} AND (t.search @@ ${searchQuery(text, locale)} OR t.name ILIKE ${likePattern(text)} OR t.description ILIKE ${likePattern(text)})
    LIMIT ${MAX_MATCHES}`;
  return rows.map((row) => row.id);
}
