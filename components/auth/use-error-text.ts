"use client";

import { useTranslations } from "next-intl";
import { ApiError } from "@/lib/client/api";

/** Turns any failure into a sentence in the interface language (errors.<CODE>). */
export function useErrorText() {
  const t = useTranslations("errors");
  return (error: unknown): string => {
    if (error instanceof ApiError) {
      if (error.message && error.code !== "INTERNAL" && error.code !== "NETWORK") return error.message;
      return t.has(error.code as never) ? t(error.code as never) : t("INTERNAL");
    }
    return t("INTERNAL");
  };
}
