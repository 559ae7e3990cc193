import { getTranslations } from "next-intl/server";

/** Shown in place of a screen the role does not permit (spec section 6). */
export async function NotAllowed() {
  const t = await getTranslations("notAllowed");
  return (
    <section className="mx-auto mt-16 max-w-md text-center" data-testid="not-allowed">
      <p aria-hidden className="text-4xl">
        🔒
      </p>
      <h1 className="mt-4 text-xl font-semibold">{t("title")}</h1>
      <p className="mt-2 text-zinc-600">{t("body")}</p>
    </section>
  );
}
