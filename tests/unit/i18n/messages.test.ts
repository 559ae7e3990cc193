import { readFileSync } from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import IntlMessageFormat from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/lib/i18n/locales";

type Tree = { [key: string]: string | Tree };
const load = (locale: string): Tree => JSON.parse(readFileSync(path.join("messages", `${locale}.json`), "utf8"));
const flatten = (tree: Tree, prefix = ""): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === "string" ? [[prefix + key, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
/** The argument names of a message, plural and select branches included (ICU parser, not a pattern). */
function argumentsOf(elements: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if ("value" in element && typeof element.value === "string") out.add(element.value);
    if ("options" in element) for (const option of Object.values(element.options)) argumentsOf(option.value, out);
    if (element.type === TYPE.tag) argumentsOf(element.children, out);
  }
  return out;
}
const placeholders = (text: string) => [...argumentsOf(parse(text, { ignoreTag: true }))].sort();

describe("message catalogues", () => {
  const english = flatten(load("en"));

  it.each(LOCALES.filter((l) => l !== "en"))("%s has exactly the English keys", (locale) => {
    const keys = Object.keys(flatten(load(locale))).sort();
    expect(keys).toEqual(Object.keys(english).sort());
  });

  it.each([...LOCALES])("%s messages parse and keep the English placeholders", (locale) => {
    const messages = flatten(load(locale));
    for (const [key, text] of Object.entries(messages)) {
      expect(() => new IntlMessageFormat(text, locale), key).not.toThrow();
      expect(placeholders(text), key).toEqual(placeholders(english[key]));
    }
  });

  it("translates for real: most strings differ from English", () => {
    for (const locale of LOCALES.filter((l) => l !== "en")) {
      const messages = flatten(load(locale));
      const same = Object.keys(english).filter((k) => messages[k] === english[k] && !k.startsWith("common.languages"));
      // A few words are the same in both languages (Document, No); a copied namespace is not.
      expect(same.length, `${locale}: ${same.join(", ")}`).toBeLessThan(Math.max(8, Object.keys(english).length * 0.02));
    }
  });

  it("keeps the exact missing-parameter sentence in English", () => {
    expect(english["errors.MISSING_PARAMETER"]).toBe("Required parameter {name} was null or undefined when calling {operation}");
  });
});
