"use client";

import { useId, useTransition } from "react";
import { LOCALE_COOKIE, type Locale } from "@/lib/i18n/locales";
import { useProgressRouter } from "./use-progress-router";

/** The select of LanguageSwitcher (its server part names the languages in the current one). */
export function LanguageSelect({
  label,
  locale,
  languages,
  signedIn,
}: {
  label: string;
  locale: string;
  languages: { code: Locale; name: string }[];
  signedIn: boolean;
}) {
  const router = useProgressRouter();
  const id = useId();
  const [pending, startTransition] = useTransition();

  async function change(next: Locale) {
    document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=31536000; samesite=lax`;
    if (signedIn) {
      // Loaded when used: the signed-out screens never call it, and need not download the client.
      const [{ callOperation }, { updateUserOp }] = await Promise.all([
        import("@/lib/client/operations"),
        import("@/lib/operations/routes/user"),
      ]);
      await callOperation(updateUserOp, { language: next }).catch(() => undefined);
    }
    startTransition(() => router.refresh());
  }

  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-zinc-600">
        {label}
      </label>
      <select
        id={id}
        value={locale}
        disabled={pending}
        onChange={(event) => change(event.target.value as Locale)}
        className="rounded-md border border-zinc-300 bg-white px-2 py-1"
      >
        {languages.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
