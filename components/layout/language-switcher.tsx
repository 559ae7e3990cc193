import { getLocale, getTranslations } from "next-intl/server";
import { LOCALES } from "@/lib/i18n/locales";
import { LanguageSelect } from "./language-select";

/**
 * Switches the interface language; for a signed-in user it also becomes their setting. The label
 * and the languages' names are rendered here, on the server, so the select in the browser needs no
 * messages (the sign-in screens load no translation runtime: issue 15).
 */
export async function LanguageSwitcher({ signedIn = false }: { signedIn?: boolean }) {
  const [t, locale] = await Promise.all([getTranslations("common"), getLocale()]);
  return (
    <LanguageSelect
      label={t("language")}
      locale={locale}
      languages={LOCALES.map((code) => ({ code, name: t(`languages.${code}`) }))}
      signedIn={signedIn}
    />
  );
}
