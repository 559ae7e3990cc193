import { Prisma } from "@/lib/generated/prisma/client";
import { searchConfig, searchQuery } from "./search-index";

export type HighlightPart = { text: string; match: boolean };
const START = "\u0001";
const STOP = "\u0002";
const OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=24, MinWords=8, MaxFragments=2, FragmentDelimiter=" … "`;

/** ts_headline's output split into plain and matched parts, so screens never render raw HTML. */
export function splitHighlight(headline: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  for (const piece of headline.split(START)) {
    const [match, rest] = piece.includes(STOP) ? piece.split(STOP) : [null, piece];
    if (match) parts.push({ text: match, match: true });
    if (rest) parts.push({ text: rest, match: false });
  }
  return parts;
}

/** Characters of text ts_headline reads around the first place a searched word may be (NEAR_BEFORE of them before it). */
const NEAR_LENGTH = 360;
const NEAR_BEFORE = 120;

/**
 * The SQL of a row's matching passages: ts_headline of `body` (the text of the document's latest
 * version, an SQL expression) for the words searched, in the searcher's language. ts_headline
 * parses and stems every word it is given (about 85 µs a kilobyte of English), so it first reads
 * only the NEAR_LENGTH characters around the first place one of the searched words, as typed or
 * stemmed, appears in the text (a plain strpos); when that finds nothing or those characters hold
 * no match (a stem that is not a substring of its word, a longer word that holds it), it reads
 * the text's first 50,000 characters as before. A list runs it on its page's rows only.
 * `OFFSET 0` keeps the passages' subquery apart: pulled up into the outer CASE, its ts_headline ran
 * twice a row (once for the test, once for the value), 1.1 to 1.4 ms of a 25-row search.
 */
export const headlineSql = (body: Prisma.Sql, text: string, locale: string) => {
  const config = searchConfig(locale);
  const headline = (input: Prisma.Sql) => Prisma.sql`ts_headline(${config}::regconfig, ${input}, ${searchQuery(text, locale)}, ${OPTIONS})`;
  const words = Prisma.sql`tsvector_to_array(to_tsvector('simple', ${text}) || to_tsvector(${config}::regconfig, ${text}))`;
  return Prisma.sql`(SELECT CASE WHEN strpos(near.h, ${START}) > 0 THEN near.h ELSE ${headline(Prisma.sql`left(${body}, 50000)`)} END
    FROM (SELECT CASE WHEN hint.at IS NULL THEN '' ELSE ${headline(Prisma.sql`substr(${body}, greatest(hint.at - ${NEAR_BEFORE}, 1), ${NEAR_LENGTH})`)} END AS h
      FROM (SELECT min(nullif(strpos(lower(${body}), w), 0)) AS at FROM unnest(${words}) w) hint OFFSET 0) near)`;
};

/** A row's passages from headlineSql: null when no searched word is in the text (a match on the name). */
export const highlightOf = (headline: string | null): HighlightPart[] | null =>
  headline?.includes(START) ? splitHighlight(headline) : null;
