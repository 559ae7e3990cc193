import { Prisma } from "@/lib/generated/prisma/client";

type Tx = Pick<Prisma.TransactionClient, "$executeRaw">;

/** Postgres text-search configuration per document language (en, es, ca, pt are stemmed). */
export function searchConfig(language: string | null | undefined): string {
  const base = (language ?? "").toLowerCase().split("-")[0];
  return { en: "english", es: "spanish", ca: "catalan", pt: "portuguese" }[base] ?? "simple";
}

/** Characters of body text indexed per document (a tsvector holds at most 1 MB). */
const MAX_INDEXED_CHARS = 300_000;

/**
 * Rebuilds a document's search vector from its name and ref (weighted first) and the text of
 * every version, both word for word ('simple') and stemmed in the document's language, so a
 * query matches exact words in any language and inflected forms in the searcher's own.
 */
export async function refreshSearchIndex(tx: Tx, documentId: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE "Document" d SET search =
      setweight(to_tsvector('simple', coalesce(d.name, '') || ' ' || coalesce(d.ref, '')), 'A') ||
      setweight(to_tsvector(CASE split_part(lower(coalesce(d.language, '')), '-', 1)
        WHEN 'en' THEN 'english'::regconfig WHEN 'es' THEN 'spanish'::regconfig
        WHEN 'ca' THEN 'catalan'::regconfig WHEN 'pt' THEN 'portuguese'::regconfig ELSE 'simple'::regconfig END, coalesce(d.name, '')), 'A') ||
      to_tsvector('simple', left(coalesce(c.body, ''), ${MAX_INDEXED_CHARS})) ||
      to_tsvector(CASE split_part(lower(coalesce(d.language, '')), '-', 1)
        WHEN 'en' THEN 'english'::regconfig WHEN 'es' THEN 'spanish'::regconfig
        WHEN 'ca' THEN 'catalan'::regconfig WHEN 'pt' THEN 'portuguese'::regconfig ELSE 'simple'::regconfig END, left(coalesce(c.body, ''), ${MAX_INDEXED_CHARS}))
    FROM (SELECT string_agg(text, ' ' ORDER BY version DESC) AS body FROM "DocumentContent" WHERE "documentId" = ${documentId}) c
    WHERE d.id = ${documentId}`;
}

/** The tsquery for what a person typed: exact words, or stemmed in their language. */
export const searchQuery = (text: string, locale: string) =>
  Prisma.sql`(websearch_to_tsquery('simple', ${text}) || websearch_to_tsquery(${searchConfig(locale)}::regconfig, ${text}))`;
