import compile from "icu-minify/compile";
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { ClientIntlProvider } from "@/lib/i18n/client";

type Catalogue = { [key: string]: Catalogue | string };

/**
 * A catalogue as the build hands it to the browser: each message compiled by icu-minify, as
 * next-intl's catalogue loader does with `precompile: true` (next.config.ts). Vitest imports the
 * JSON as it is, so tests that render client components compile it here.
 */
export function compiledMessages(messages: Catalogue): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(messages).map(([key, value]) => [key, typeof value === "string" ? compile(value) : compiledMessages(value)]),
  );
}

/** `child` inside the client components' translation provider, as <ClientMessages> renders it. */
export function withClientIntl(
  child: ReactNode,
  { locale = "en", timeZone = "UTC", messages }: { locale?: string; timeZone?: string; messages: object },
) {
  const props = { locale, timeZone, messages: JSON.stringify(compiledMessages(messages as Catalogue)), version: "test" };
  return createElement(ClientIntlProvider as (p: typeof props & { children?: ReactNode }) => ReactNode, props, child);
}

/** The text a person reads of `child` rendered in that provider: tags dropped, spaces folded. */
export function renderedText(child: ReactNode, options: { locale?: string; messages: object }): string {
  return renderToString(withClientIntl(child, options))
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
