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

/** A translator outside React (route handlers, emails, GraphQL errors). */
export function getTranslator(locale: Locale) {
  return createTranslator({ locale, messages: ALL[locale] });
}
