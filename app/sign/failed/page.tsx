import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { SigningLinkFailure } from "@/lib/signing/signing-links";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: t("appName"), robots: { index: false, follow: false } };
}

const REASONS: readonly SigningLinkFailure[] = ["invalid", "expired", "replaced", "completed", "cancelled", "notYourTurn"];

/** Where a signature link that does not work sends its holder (spec: failed-link address), saying why. */
export default async function SignFailedPage({ searchParams }: { searchParams: Promise<{ reason?: string }> }) {
  const { reason } = await searchParams;
  const known = REASONS.find((value) => value === reason) ?? "invalid";
  const t = await getTranslations("signing.failed");
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-3 px-6 text-center">
      <h1 className="text-2xl font-semibold text-zinc-900">{t("title")}</h1>
      <p data-testid="failed-reason" data-reason={known} className="text-zinc-700">
        {t(known)}
      </p>
    </main>
  );
}
