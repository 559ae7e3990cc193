import Link from "next/link";
import { getTranslations } from "next-intl/server";

export default async function NotFound() {
  const t = await getTranslations("common");
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-5xl font-bold text-brand-600">404</p>
      <h1 className="text-2xl font-semibold">{t("notFoundTitle")}</h1>
      <p className="text-zinc-600">{t("notFoundBody")}</p>
      <Link href="/" className="font-medium text-brand-700 hover:underline">
        {t("goHome")}
      </Link>
    </main>
  );
}
