/**
 * The first `max` UTF-16 units of `text`, one fewer when the cut would fall inside a surrogate
 * pair (a character outside the Basic Multilingual Plane: most emoji, 𝔘, rare CJK). `slice` would
 * keep the pair's first half, which PostgreSQL refuses in a JSON column (the audit's payload, a
 * version's metadata) and which reads as "�" anywhere else.
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}
