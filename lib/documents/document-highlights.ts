import { db } from "@/lib/db";
import { searchConfig, searchQuery } from "./search-index";

export type HighlightPart = { text: string; match: boolean };
const START = "\u0001";
const STOP = "\u0002";

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

/** The matching passages of each document's latest version, for a list's rows (one statement). */
export async function documentHighlights(ids: string[], text: string, locale: string) {
  if (!ids.length) return new Map<string, HighlightPart[]>();
  const options = `StartSel=${START}, StopSel=${STOP}, MaxWords=24, MinWords=8, MaxFragments=2, FragmentDelimiter=" … "`;
  const rows = await db.$queryRaw<{ id: string; headline: string }[]>`
    SELECT c."documentId" AS id, ts_headline(${searchConfig(locale)}::regconfig, left(c.text, 50000), ${searchQuery(text, locale)}, ${options}) AS headline
    FROM (SELECT DISTINCT ON ("documentId") "documentId", text FROM "DocumentContent" WHERE "documentId" = ANY(CAST(${ids} AS text[])) ORDER BY "documentId", version DESC) c`;
  return new Map(rows.filter((r) => r.headline.includes(START)).map((r) => [r.id, splitHighlight(r.headline)]));
}
