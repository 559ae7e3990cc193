import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { runOperation } from "@/lib/operations/operation";
import { signingResultOperation } from "@/lib/signatures/signature-operations";
import { signedPageContext } from "@/lib/signing/signed-page-context";
import { OUT_PATH } from "@/lib/signing/signing-links";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: t("appName"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/**
 * After signing (spec /thanks): shown only when the document of the signer's link is signed by
 * everyone; anything else (not yet signed, a link that fails) goes to /out.
 */
export default async function ThanksPage({ searchParams }: { searchParams: Promise<{ signed?: string }> }) {
  const { signed } = await searchParams;
  const opened = await signedPageContext(signed);
  if ("failure" in opened) redirect(OUT_PATH);
  const result = await runOperation(signingResultOperation, opened.ctx, {}).catch(() => null);
  if (!result?.signed) redirect(OUT_PATH);
  const t = await getTranslations("signing.thanks");
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-3 px-6 text-center">
      <h1 className="text-2xl font-semibold text-zinc-900">{t("title")}</h1>
      <p className="text-zinc-700">{t("body", { document: result.name })}</p>
    </main>
  );
}
