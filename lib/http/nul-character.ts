/**
 * U+0000: JSON and URLs can carry it, PostgreSQL cannot store or compare it in text ("invalid
 * byte sequence for encoding UTF8: 0x00"), so a value holding it failed as an internal error
 * deep in a statement. It is refused at the edge instead (lib/http/parse-input.ts), and left out
 * of the list screens' addresses (lib/documents/list-query.ts).
 */
export const hasNul = (text: string) => text.includes("\u0000");

/**
 * The path (`a.b.0`) of the first string, or object key, holding U+0000 in a parsed JSON value
 * (arrays and plain objects are walked, anything else is skipped: uploaded bytes, dates); null
 * when there is none. Walked with a stack, not recursion, and each entry links to its parent
 * rather than carrying its path: a 64 KB body may nest thousands deep, and the walk stays linear.
 */
export function nulPath(value: unknown): string | null {
  type Entry = { value: unknown; key: string | null; parent: Entry | null };
  const pathOf = (entry: Entry | null, last?: string) => {
    const keys = last === undefined ? [] : [last];
    for (let at = entry; at && at.key !== null; at = at.parent) keys.push(at.key);
    return keys.reverse().join(".");
  };
  const stack: Entry[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const current = entry.value;
    if (typeof current === "string") {
      if (hasNul(current)) return pathOf(entry);
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, key: String(index), parent: entry }));
    } else if (current && typeof current === "object" && Object.getPrototypeOf(current) === Object.prototype) {
      for (const [key, item] of Object.entries(current)) {
        if (hasNul(key)) return pathOf(entry, key);
        stack.push({ value: item, key, parent: entry });
      }
    }
  }
  return null;
}
