import { readFileSync } from "node:fs";
import path from "node:path";
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
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

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
      expect(same.length, `${locale}: ${same.join(", ")}`).toBeLessThan(8);
    }
  });

  it("keeps the exact missing-parameter sentence in English", () => {
    expect(english["errors.MISSING_PARAMETER"]).toBe("Required parameter {name} was null or undefined when calling {operation}");
  });
});
