import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { renderedText } from "../../factories/client-intl";
import { Pagination } from "@/components/ui/pagination";
import { pageFromQuery } from "@/lib/pagination";
import en from "@/messages/en.json";
import es from "@/messages/es.json";

const render = (props: Parameters<typeof Pagination>[0], locale = "en", messages: object = en) =>
  renderedText(createElement(Pagination, props), { locale, messages });

describe("the list's pages line", () => {
  it("says the exact total, a count's lower bound with pages to follow, or a search's ranked matches", () => {
    expect(render({ page: 1, pages: 1, total: 1 })).toBe("Page 1 of 1 · 1 item");
    expect(render({ page: 2, pages: 4_000, total: 100_000 })).toContain("Page 2 of 4000 · 100,000 items");
    expect(render({ page: 1, pages: 401, total: 10_000, capped: true })).toContain("Page 1 of 401+ · more than 10,000 items");
    expect(render({ page: 80, pages: 80, total: 2_000, capped: true, ranked: true })).toContain(
      "Page 80 of 80 · more than 2,000 items: the 2,000 most recent, by relevance",
    );
    expect(render({ page: 80, pages: 80, total: 2_000, capped: true, ranked: true }, "es", es)).toContain(
      "Página 80 de 80 · más de 2000 elementos: los 2000 más recientes, por relevancia",
    );
  });
});

describe("a page number from a screen's address", () => {
  it("is a whole number from 1, else the first page", () => {
    expect(pageFromQuery("3")).toBe(3);
    for (const typed of [undefined, null, "", "0", "-2", "2.5", "abc", "1e309", "99999999999999999999", "Infinity"])
      expect(pageFromQuery(typed), String(typed)).toBe(1);
  });
});
