import { getLocale, getTranslations } from "next-intl/server";
import { LOCALES } from "@/lib/i18n/locales";
import { LanguageSelect } from "./language-select";

/** The select's label and the languages' names in the current one. */
export const languageSelectTexts = (t: (key: "language" | `languages.${(typeof LOCALES)[number]}`) => string, locale: string) => ({
  label: t("language"),
  locale,
  languages: LOCALES.map((code) => ({ code, name: t(`languages.${code}`) })),
});

/**
 * Switches the interface language; for a signed-in user it also becomes their setting. The label
 * and the languages' names are rendered here, on the server, so the select in the browser needs no
 * messages (the sign-in screens load no translation runtime: issue 15). The signed-in shell renders
 * LanguageSelect itself with the texts it read up front (shell-texts.ts).
 */
export async function LanguageSwitcher({ signedIn = false }: { signedIn?: boolean }) {
  const [t, locale] = await Promise.all([getTranslations("common"), getLocale()]);
  return <LanguageSelect {...languageSelectTexts(t, locale)} signedIn={signedIn} />;
}
