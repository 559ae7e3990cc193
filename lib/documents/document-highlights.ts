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

/**
 * The SQL of a row's matching passages: ts_headline of `body` (the text of the document's latest
 * version, an SQL expression; its first 50,000 characters) for the words searched, in the
 * searcher's language. Costly (it parses the whole text): a list runs it on its page's rows only.
 */
export const headlineSql = (body: Prisma.Sql, text: string, locale: string) =>
  Prisma.sql`ts_headline(${searchConfig(locale)}::regconfig, left(${body}, 50000), ${searchQuery(text, locale)}, ${OPTIONS})`;

/** A row's passages from headlineSql: null when no searched word is in the text (a match on the name). */
export const highlightOf = (headline: string | null): HighlightPart[] | null =>
  headline?.includes(START) ? splitHighlight(headline) : null;
