import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: t("appName"), robots: { index: false, follow: false } };
}

/** Where a signer or reviewer ends when there is nothing (more) to show (spec /out). */
export default async function OutPage() {
  const t = await getTranslations("signing.out");
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-3 px-6 text-center">
      <h1 className="text-2xl font-semibold text-zinc-900">{t("title")}</h1>
      <p className="text-zinc-700">{t("body")}</p>
    </main>
  );
}
