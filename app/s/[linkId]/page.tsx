import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { isAppError } from "@/lib/errors/app-error";
import { getDocumentLinkGate } from "@/lib/links/linked-document";
import { LinkUnavailable } from "./link-unavailable";
import { SharedDocument } from "./shared-document";

export const dynamic = "force-dynamic";

/**
 * The URL carries the link's secret: keep it out of search engines and out of the Referer
 * header of anything the page loads or links to.
 */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: t("appName"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

async function loadGate(linkId: string) {
  try {
    return await getDocumentLinkGate(linkId);
  } catch (error) {
    if (isAppError(error) && error.code === "LINK_EXPIRED") return null;
    throw error;
  }
}

/** A document shared by link (spec: "Documents can be shared by links"): no account, no app shell. */
export default async function SharedLinkPage({ params }: { params: Promise<{ linkId: string }> }) {
  const [{ linkId }, t, tc] = await Promise.all([params, getTranslations("shareLinks.page"), getTranslations("common")]);
  const gate = await loadGate(linkId);
  return (
    <div className="min-h-screen bg-zinc-100">
      <header className="border-b border-zinc-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-3">
          <span className="font-semibold text-brand-700">{tc("appName")}</span>
          {gate && <span className="text-sm text-zinc-600">{t("sharedBy", { account: gate.account.name })}</span>}
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-6 sm:py-10">
        {gate ? <SharedDocument linkId={linkId} /> : <LinkUnavailable title={t("unavailableTitle")} message={t("expired")} />}
      </main>
    </div>
  );
}
