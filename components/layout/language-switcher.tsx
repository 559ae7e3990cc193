"use client";

import { useLocale, useTranslations } from "next-intl";
import { useProgressRouter } from "./use-progress-router";
import { useId, useTransition } from "react";
import { callOperation } from "@/lib/client/operations";
import { LOCALE_COOKIE, LOCALES, type Locale } from "@/lib/i18n/locales";
import { updateUserOp } from "@/lib/operations/routes/user";

/** Switches the interface language; for a signed-in user it also becomes their setting. */
export function LanguageSwitcher({ signedIn = false }: { signedIn?: boolean }) {
  const t = useTranslations("common");
  const locale = useLocale();
  const router = useProgressRouter();
  const id = useId();
  const [pending, startTransition] = useTransition();

  async function change(next: string) {
    document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=31536000; samesite=lax`;
    if (signedIn) {
      await callOperation(updateUserOp, { language: next as Locale }).catch(() => undefined);
    }
    startTransition(() => router.refresh());
  }

  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-zinc-600">
        {t("language")}
      </label>
      <select
        id={id}
        value={locale}
        disabled={pending}
        onChange={(event) => change(event.target.value)}
        className="rounded-md border border-zinc-300 bg-white px-2 py-1"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l}>
            {t(`languages.${l}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
