/**
 * Texts PostgreSQL cannot store, refused at the edge (lib/http/parse-input.ts) instead of failing
 * as an internal error deep in a statement:
 * - U+0000, which JSON and URLs can carry and PostgreSQL cannot store or compare in text ("invalid
 *   byte sequence for encoding UTF8: 0x00");
 * - half of a surrogate pair (ill-formed UTF-16), which a JSON body can carry as `"\ud800"`: the
 *   driver writes it into text as U+FFFD, but PostgreSQL refuses it in a JSON column ("invalid
 *   input syntax for type json"), and most writes record a JSON audit entry.
 * The list screens leave such address parameters out (lib/documents/list-query.ts).
 */
export type UnstorableReason = "nulCharacter" | "unpairedSurrogate";

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `text` cannot be stored, or null when it can. */
export function unstorable(text: string): UnstorableReason | null {
  if (text.includes("\u0000")) return "nulCharacter";
  if (UNPAIRED_SURROGATE.test(text)) return "unpairedSurrogate";
  return null;
}

/**
 * The path (`a.b.0`) of the first string, or object key, that cannot be stored in a parsed JSON
 * value, with the reason (arrays and plain objects are walked, anything else is skipped: uploaded
 * bytes, dates); null when there is none. Walked with a stack, not recursion, and each entry
 * links to its parent rather than carrying its path: a 64 KB body may nest thousands deep, and
 * the walk stays linear.
 */
export function unstorablePath(value: unknown): { path: string; reason: UnstorableReason } | null {
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
      const reason = unstorable(current);
      if (reason) return { path: pathOf(entry), reason };
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, key: String(index), parent: entry }));
    } else if (current && typeof current === "object" && Object.getPrototypeOf(current) === Object.prototype) {
      for (const [key, item] of Object.entries(current)) {
        const reason = unstorable(key);
        if (reason) return { path: pathOf(entry, key), reason };
        stack.push({ value: item, key, parent: entry });
      }
    }
  }
  return null;
}
