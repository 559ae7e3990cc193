import { createHash } from "node:crypto";
import { createTranslator } from "use-intl/core";
import ca from "@/messages/ca.json";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import pt from "@/messages/pt.json";
import ptBr from "@/messages/pt-br.json";
import type { Locale } from "./locales";

export type Messages = typeof en;

const ALL: Record<Locale, Messages> = { en, es, ca, pt, "pt-br": ptBr };

export const getMessages = (locale: Locale): Messages => ALL[locale];

/**
 * A short hash of a language's catalogue: it changes when a message does, so the messages a
 * browser fetches later (app/vapp/messages) can be kept as long as the version is current.
 */
export function messagesVersion(locale: Locale): string {
  let version = versions.get(locale);
  if (version === undefined)
    versions.set(locale, (version = createHash("sha256").update(JSON.stringify(ALL[locale])).digest("base64url").slice(0, 12)));
  return version;
}
const versions = new Map<Locale, string>();

/** A translator outside React (route handlers, emails, GraphQL errors). */
export function getTranslator(locale: Locale) {
  return createTranslator({ locale, messages: ALL[locale] });
}
