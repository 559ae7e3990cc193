"use client";

import { useTranslations } from "@/lib/i18n/client";
import { errorText } from "@/lib/client/error-text";

/**
 * Turns any failure into a sentence in the interface language (lib/client/error-text.ts). The
 * server already answers with errors.<CODE> in the request's language, so the browser keeps only
 * the two sentences for failures without one, and a screen's messages need not carry the whole
 * errors namespace (components/i18n/client-messages.tsx).
 */
export function useErrorText() {
  const t = useTranslations("errors");
  return (error: unknown): string => errorText(error, { INTERNAL: t("INTERNAL"), NETWORK: t("NETWORK") });
}
