import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { SigningLinkFailure } from "@/lib/signing/signing-links";

export const dynamic = "force-dynamic";

const REASONS: readonly SigningLinkFailure[] = ["invalid", "expired", "replaced", "completed", "cancelled", "notYourTurn"];

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("review.failed");
  return { title: t("title"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/** Where an approval link that cannot be used sends its holder (spec: failed-link addresses), saying why. */
export default async function ReviewFailedPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ reason: raw }, t, tc] = await Promise.all([searchParams, getTranslations("review.failed"), getTranslations("common")]);
  const reason = REASONS.find((r) => r === raw) ?? "invalid";
  return (
    <div className="min-h-screen bg-zinc-100">
      <header className="border-b border-zinc-200 bg-white">
        <div className="mx-auto max-w-3xl px-4 py-3 font-semibold text-brand-700">{tc("appName")}</div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-10">
        <div className="rounded-lg border border-zinc-200 bg-white p-6" data-testid="review-failed" data-reason={reason}>
          <h1 className="text-xl font-semibold text-zinc-900">{t("title")}</h1>
          <p className="mt-3 text-zinc-700">{t(`reasons.${reason}`)}</p>
          <p className="mt-3 text-sm text-zinc-500">{t("close")}</p>
        </div>
      </main>
    </div>
  );
}
