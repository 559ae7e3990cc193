"use client";

import { useTranslations } from "next-intl";
import { ApiError } from "@/lib/client/api";

/**
 * Turns any failure into a sentence in the interface language. The server already answers with
 * errors.<CODE> in the request's language (lib/http/error-response.ts), so the browser keeps only
 * the two sentences for failures without one (ours, and no answer at all), and a screen's
 * messages need not carry the whole errors namespace (components/i18n/client-messages.tsx).
 */
export function useErrorText() {
  const t = useTranslations("errors");
  return (error: unknown): string => {
    if (error instanceof ApiError) {
      if (error.message && error.code !== "INTERNAL" && error.code !== "NETWORK") return error.message;
      if (error.code === "NETWORK") return t("NETWORK");
    }
    return t("INTERNAL");
  };
}
