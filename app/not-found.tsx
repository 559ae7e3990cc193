import { getTranslations } from "next-intl/server";

/**
 * A plain link home, not next/link: this boundary is part of every page's tree, and a next/link
 * here made every page load a second copy of next/link's code (Turbopack puts it in a chunk of
 * its own besides the copy inside the pages' client chunks; about 3 KB gzip, docs/benchmarks.md).
 */
export default async function NotFound() {
  const t = await getTranslations("common");
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-5xl font-bold text-brand-600">404</p>
      <h1 className="text-2xl font-semibold">{t("notFoundTitle")}</h1>
      <p className="text-zinc-600">{t("notFoundBody")}</p>
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a plain link on purpose, see above */}
      <a href="/" className="font-medium text-brand-700 hover:underline">
        {t("goHome")}
      </a>
    </main>
  );
}
