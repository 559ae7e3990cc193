import "server-only";
import { getLocale, getTranslations } from "next-intl/server";
import { MENU, type MenuEntry } from "@/lib/navigation/menu";
import { languageSelectTexts } from "./language-switcher";

/** The words of the shell (AppShell), in the page's language: plain strings for synchronous components. */
export type ShellTexts = {
  mainNavigation: string;
  /** Shown beside the logo when the user has no workspace name to show. */
  appName: string;
  menu: Record<MenuEntry["key"], string>;
  language: ReturnType<typeof languageSelectTexts>;
};

/**
 * Every translation the shell shows, read with one await before it renders: the shell is then made
 * of synchronous server components, which React renders in the same pass as the page instead of
 * one pass (and one more piece of the streamed payload) per component that waits (issue 15).
 */
export async function getShellTexts(): Promise<ShellTexts> {
  const [t, tc, locale] = await Promise.all([getTranslations("nav"), getTranslations("common"), getLocale()]);
  return {
    mainNavigation: t("mainNavigation"),
    appName: tc("appName"),
    menu: Object.fromEntries(MENU.map((entry) => [entry.key, t(entry.key)])) as ShellTexts["menu"],
    language: languageSelectTexts(tc, locale),
  };
}
