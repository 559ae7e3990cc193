import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/lib/i18n/locales";
import { matchesConfirmWord } from "@/lib/i18n/matches-confirm-word";

const security = (locale: string) =>
  (JSON.parse(readFileSync(path.join("messages", `${locale}.json`), "utf8")) as { security: Record<string, string> }).security;

describe("the delete-account confirmation word", () => {
  it("is translated, and the label names it", () => {
    const words = LOCALES.map((locale) => security(locale).deleteConfirmWord);
    expect(words).toEqual(["DELETE", "ELIMINAR", "SUPRIMIR", "ELIMINAR", "EXCLUIR"]);
    for (const locale of LOCALES) expect(security(locale).deleteConfirmLabel).toContain("{word}");
  });

  it("matches ignoring case and surrounding spaces, and nothing else", () => {
    expect(matchesConfirmWord("eliminar", "ELIMINAR", "es")).toBe(true);
    expect(matchesConfirmWord("  Suprimir ", "SUPRIMIR", "ca")).toBe(true);
    expect(matchesConfirmWord("excluir", "EXCLUIR", "pt-br")).toBe(true);
    expect(matchesConfirmWord("DELETE", "ELIMINAR", "es")).toBe(false);
    expect(matchesConfirmWord("ELIMINA", "ELIMINAR", "es")).toBe(false);
    expect(matchesConfirmWord("", "", "en")).toBe(false);
  });

  it("compares composed and decomposed accents alike", () => {
    expect(matchesConfirmWord("E\u0301XCLUIR", "\u00c9XCLUIR", "pt")).toBe(true);
  });
});
