import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { LanguageSwitcher } from "@/components/layout/language-switcher";

/** The frame of the sign-in screens. */
export async function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const t = await getTranslations("common");
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 px-4 py-10">
      <div className="w-full max-w-md rounded-xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="mb-6 flex items-center gap-2 text-brand-700">
          <span aria-hidden className="inline-block size-6 rounded bg-brand-600" />
          <span className="font-semibold">{t("appName")}</span>
        </div>
        <h1 className="mb-6 text-2xl font-semibold">{title}</h1>
        {children}
      </div>
      <LanguageSwitcher />
    </main>
  );
}
