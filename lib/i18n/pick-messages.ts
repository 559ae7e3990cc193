/**
 * The part of a message catalogue under the given keys: "documents" takes that whole namespace,
 * "documents.status" or "errors.INTERNAL" only that branch or message; the shape stays nested, so
 * `useTranslations("documents.status")` finds it where it would in the whole catalogue. A key the
 * catalogue lacks is left out (the screen then shows next-intl's missing-message fallback, which the
 * unit test tests/unit/i18n/client-messages.test.ts prevents).
 */
export function pickMessages(messages: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  // A screen picks the same keys of the same catalogue on every request: the pick is kept, by
  // catalogue and keys, as long as the catalogue (a module's JSON) lives.
  let byKeys = picks.get(messages);
  if (!byKeys) picks.set(messages, (byKeys = new Map()));
  const id = keys.join("\n");
  let picked = byKeys.get(id);
  if (!picked) byKeys.set(id, (picked = pick(messages, keys)));
  return picked;
}

const picks = new WeakMap<object, Map<string, Record<string, unknown>>>();

/** The pick as JSON text, as the client provider takes it (lib/i18n/client.tsx), kept with the pick. */
export function pickedMessagesText(messages: Record<string, unknown>, keys: readonly string[]): string {
  const picked = pickMessages(messages, keys);
  let text = texts.get(picked);
  if (text === undefined) texts.set(picked, (text = JSON.stringify(picked)));
  return text;
}

const texts = new WeakMap<object, string>();

/**
 * The pick as JSON text, not kept: for keys that come from a request (app/vapp/messages), which
 * must not grow the cache above.
 */
export const messagesText = (messages: Record<string, unknown>, keys: readonly string[]): string => JSON.stringify(pick(messages, keys));

function pick(messages: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  // Shorter first, and a key under one already taken is skipped: nothing is written into the
  // catalogue's own objects.
  const sorted = [...keys].sort((a, b) => a.split(".").length - b.split(".").length);
  const taken: string[] = [];
  for (const key of sorted) {
    if (taken.some((t) => key === t || key.startsWith(`${t}.`))) continue;
    taken.push(key);
    const parts = key.split(".");
    let from: unknown = messages;
    for (const part of parts) from = isBranch(from) ? from[part] : undefined;
    if (from === undefined) continue;
    let into = picked;
    for (const part of parts.slice(0, -1)) {
      if (!isBranch(into[part])) into[part] = {};
      into = into[part] as Record<string, unknown>;
    }
    into[parts.at(-1)!] = from;
  }
  return picked;
}

/**
 * A namespace, not a message: with precompiled catalogues (next.config.ts) a message may be an
 * array, so only plain objects are walked into.
 */
const isBranch = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Whether the catalogue has that namespace or message ("a.b"), by its own keys ("constructor" is none). */
export function hasMessages(catalogue: object, key: string): boolean {
  let node: unknown = catalogue;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object" || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}
