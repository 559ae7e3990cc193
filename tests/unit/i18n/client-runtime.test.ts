import compile from "icu-minify/compile";
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createTranslator } from "use-intl/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MoreMessages, useFormatter, useTranslations, type TranslationValues } from "@/lib/i18n/client";
import { LOCALES } from "@/lib/i18n/locales";
import { getMessages } from "@/lib/i18n/messages";
import { withClientIntl } from "../../factories/client-intl";

/**
 * The client components' runtime (lib/i18n/client.tsx) against next-intl's translator, the one
 * server components use: every message of every language, with values for its arguments, reads
 * the same in both.
 */
type Catalogue = { [key: string]: Catalogue | string };
type Node = string | number | Node[] | { [key: string]: Node };

function entries(catalogue: Catalogue, prefix = ""): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : entries(value, `${prefix}${key}.`),
  );
}

/** Values for a compiled message's arguments: names with their kind (icu-minify's node types). */
function argumentsOf(node: Node, into = new Map<string, "text" | "number" | "date" | string[]>()) {
  if (!Array.isArray(node)) return into;
  const [name, type, options] = node;
  // An argument used both plainly and as a number or a date takes a number or a date.
  if (typeof name === "string" && node.length === 1) into.set(name, into.get(name) ?? "text");
  else if (typeof name === "string" && typeof type === "number") {
    // 1 select, 2 plural, 3 selectordinal, 4 number, 5 date, 6 time (icu-minify/dist types).
    if (type === 1 && options && typeof options === "object" && !Array.isArray(options)) into.set(name, Object.keys(options));
    else if (type === 2 || type === 3 || type === 4) into.set(name, "number");
    else if (type === 5 || type === 6) into.set(name, "date");
    if (options && typeof options === "object" && !Array.isArray(options))
      for (const branch of Object.values(options)) argumentsOf(branch, into);
    return into;
  }
  for (const child of node) argumentsOf(child, into);
  return into;
}

function valueSets(kinds: Map<string, "text" | "number" | "date" | string[]>): TranslationValues[] {
  const sets: TranslationValues[] = [];
  for (const [number, choice] of [
    [0, 0],
    [1, 1],
    [2, 2],
    [1234.5, 0],
  ] as const) {
    const values: TranslationValues = {};
    for (const [name, kind] of kinds) {
      if (kind === "text") values[name] = `«${name}»`;
      else if (kind === "number") values[name] = number;
      else if (kind === "date") values[name] = new Date("2025-03-09T23:30:00Z");
      else values[name] = kind[choice % kind.length];
    }
    sets.push(values);
  }
  return sets;
}

function clientTexts(locale: string, catalogue: Catalogue, calls: { key: string; values?: TranslationValues }[]): string[] {
  const out: string[] = [];
  function Probe() {
    const t = useTranslations();
    for (const call of calls) out.push(t(call.key, call.values));
    return null;
  }
  renderToString(withClientIntl(createElement(Probe), { locale, timeZone: "Europe/Madrid", messages: catalogue }));
  return out;
}

describe("the client translation runtime", () => {
  afterEach(() => vi.restoreAllMocks());

  for (const locale of LOCALES) {
    it(`reads every ${locale} message as next-intl does`, () => {
      const catalogue = getMessages(locale) as unknown as Catalogue;
      const server = createTranslator({ locale, messages: catalogue, timeZone: "Europe/Madrid" });
      const calls = entries(catalogue).flatMap(([key, message]): { key: string; values?: TranslationValues }[] => {
        const kinds = argumentsOf(compile(message) as Node);
        return kinds.size === 0 ? [{ key }] : valueSets(kinds).map((values) => ({ key, values }));
      });
      expect(calls.length).toBeGreaterThan(1000);
      const expected = calls.map(({ key, values }) => (server as (k: string, v?: TranslationValues) => string)(key, values));
      expect(clientTexts(locale, catalogue, calls)).toEqual(expected);
    });
  }

  it("shows the key of a missing message and reports it as next-intl does", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const out: string[] = [];
    function Probe() {
      const t = useTranslations("documents");
      out.push(t("noSuchKey"), String(t.has("title")), String(t.has("noSuchKey")));
      return null;
    }
    renderToString(withClientIntl(createElement(Probe), { messages: getMessages("en") }));
    expect(out).toEqual(["documents.noSuchKey", "true", "false"]);
    expect(error.mock.calls[0][0]).toContain("MISSING_MESSAGE");
  });

  it("formats dates in the request's time zone, numbers and lists in its language", () => {
    let out: string[] = [];
    function Probe() {
      const format = useFormatter();
      out = [
        format.dateTime(new Date("2025-03-09T23:30:00Z"), { dateStyle: "medium" }),
        format.number(1234.5),
        format.list(["a", "b", "c"], { type: "conjunction" }),
      ];
      return null;
    }
    renderToString(withClientIntl(createElement(Probe), { locale: "es", timeZone: "Europe/Madrid", messages: {} }));
    expect(out).toEqual(["10 mar 2025", "1234,5", "a, b y c"]);
  });
});

describe("the client runtime's translators", () => {
  it("are built once per catalogue text, and differ with the text, the language or the namespace", () => {
    const seen: unknown[] = [];
    function Probe({ namespace }: { namespace: string }) {
      const t = useTranslations(namespace);
      seen.push(t);
      return createElement("output", null, t("title"));
    }
    const render = (messages: object, namespace = "documents", locale = "en") =>
      renderToString(withClientIntl(createElement(Probe, { namespace }), { locale, messages }));
    expect(render({ documents: { title: "Documents" } })).toContain("Documents");
    render({ documents: { title: "Documents" } });
    expect(seen[1]).toBe(seen[0]);
    expect(render({ documents: { title: "Documentos" } })).toContain("Documentos");
    render({ documents: { title: "Documents" } }, "documents", "es");
    render({ documents: { title: "Documents" }, other: { title: "Other" } }, "other");
    expect(new Set(seen).size).toBe(4);
  });
});

describe("messages a panel fetches later (MoreMessages)", () => {
  it("join the screen's, branch by branch, and keep one translator per pair of catalogues", () => {
    const seen: unknown[] = [];
    function Probe() {
      const sign = useTranslations("signing.sign");
      const panel = useTranslations("signing.panel");
      seen.push(panel);
      return createElement("output", null, `${sign("pageAlt")} | ${panel("title")} | ${useTranslations("documents")("title")}`);
    }
    const screen = { documents: { title: "Documents" }, signing: { sign: { pageAlt: "Page" } } };
    const more = JSON.stringify({ signing: { panel: { title: "Signatures" } } });
    const render = () =>
      renderToString(
        withClientIntl(
          createElement(
            MoreMessages as (props: { messages: string; children?: ReactNode }) => ReactNode,
            { messages: more },
            createElement(Probe),
          ),
          { messages: screen },
        ),
      );
    expect(render()).toContain("Page | Signatures | Documents");
    render();
    expect(seen[1]).toBe(seen[0]);
  });
});
