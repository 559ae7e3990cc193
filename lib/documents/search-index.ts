import { Prisma } from "@/lib/generated/prisma/client";

type Tx = Pick<Prisma.TransactionClient, "$executeRaw">;

/** Postgres text-search configuration per document language (en, es, ca, pt are stemmed). */
export function searchConfig(language: string | null | undefined): string {
  const base = (language ?? "").toLowerCase().split("-")[0];
  return { en: "english", es: "spanish", ca: "catalan", pt: "portuguese" }[base] ?? "simple";
}

/** Characters of body text indexed per document or template (a tsvector holds at most 1 MB). */
export const MAX_INDEXED_CHARS = 300_000;

/** The text-search configuration for the language in the SQL expression `language` (en, es, ca, pt stemmed). */
export const languageConfigSql = (language: Prisma.Sql) => Prisma.sql`CASE split_part(lower(coalesce(${language}, '')), '-', 1)
        WHEN 'en' THEN 'english'::regconfig WHEN 'es' THEN 'spanish'::regconfig
        WHEN 'ca' THEN 'catalan'::regconfig WHEN 'pt' THEN 'portuguese'::regconfig ELSE 'simple'::regconfig END`;

/** The document's text-search configuration, from the language column of the row `d`. */
const LANGUAGE_CONFIG = languageConfigSql(Prisma.raw("d.language"));

/**
 * The search vector of the document row `d` (name, ref, language) whose version text is `body`
 * (an SQL expression): name and ref weighted first, then the text, both word for word ('simple')
 * and stemmed in the document's language. The one definition of the vector: refreshSearchIndex
 * and the benchmark seed (bench/seed-documents.ts) both use it.
 */
export const searchVectorSql = (body: Prisma.Sql) => Prisma.sql`
      setweight(to_tsvector('simple', coalesce(d.name, '') || ' ' || coalesce(d.ref, '')), 'A') ||
      setweight(to_tsvector(${LANGUAGE_CONFIG}, coalesce(d.name, '')), 'A') ||
      to_tsvector('simple', left(coalesce(${body}, ''), ${MAX_INDEXED_CHARS})) ||
      to_tsvector(${LANGUAGE_CONFIG}, left(coalesce(${body}, ''), ${MAX_INDEXED_CHARS}))`;

/**
 * Rebuilds a document's search vector from its name and ref (weighted first) and the text of
 * every version, both word for word ('simple') and stemmed in the document's language, so a
 * query matches exact words in any language and inflected forms in the searcher's own.
 */
export async function refreshSearchIndex(tx: Tx, documentId: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE "Document" d SET search = ${searchVectorSql(Prisma.sql`c.body`)}
    FROM (SELECT string_agg(text, ' ' ORDER BY version DESC) AS body FROM "DocumentContent" WHERE "documentId" = ${documentId}) c
    WHERE d.id = ${documentId}`;
}

/** The tsquery for what a person typed: exact words, or stemmed in their language. */
export const searchQuery = (text: string, locale: string) =>
  Prisma.sql`(websearch_to_tsquery('simple', ${text}) || websearch_to_tsquery(${searchConfig(locale)}::regconfig, ${text}))`;
