import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { VerifyForm } from "./verify-form";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("sealing.verify");
  return { title: t("title") };
}

/**
 * The public verify page (issue 16): anyone, signed in or not, drops a PDF and learns whether
 * this app sealed it, whether it changed after sealing, or neither. No app shell; phone-first.
 */
export default async function VerifyPage() {
  const [t, tc] = await Promise.all([getTranslations("sealing.verify"), getTranslations("common")]);
  return (
    <div className="min-h-screen bg-zinc-100">
      <header className="border-b border-zinc-200 bg-white">
        <div className="mx-auto flex max-w-2xl items-center px-4 py-3">
          <span className="font-semibold text-brand-700">{tc("appName")}</span>
        </div>
      </header>
      <main className="mx-auto max-w-2xl px-4 py-6 sm:py-10">
        <h1 className="text-2xl font-semibold text-zinc-900">{t("title")}</h1>
        <p className="mt-2 text-zinc-700">{t("intro")}</p>
        <VerifyForm />
      </main>
    </div>
  );
}
