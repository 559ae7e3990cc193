import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { operationHref } from "@/lib/client/operations";
import { runOperation } from "@/lib/operations/operation";
import { downloadSealedDocumentOp } from "@/lib/operations/routes/sealing";
import { signingResultOperation } from "@/lib/signatures/signature-operations";
import { signedPageContext } from "@/lib/signing/signed-page-context";
import { OUT_PATH } from "@/lib/signing/signing-links";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: t("appName"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/**
 * After signing (spec /thanks): when the document of the signer's link is signed by everyone, it
 * says so; when the signer has signed and others are still to sign, that their signature is
 * recorded and what comes next, with the download of what they signed when the sender allows it.
 * Anything else (not signed, a link that fails) goes to /out.
 */
export default async function ThanksPage({ searchParams }: { searchParams: Promise<{ signed?: string }> }) {
  const { signed } = await searchParams;
  const opened = await signedPageContext(signed);
  if ("failure" in opened) redirect(OUT_PATH);
  const result = await runOperation(signingResultOperation, opened.ctx, {}).catch(() => null);
  if (!result?.signed && !result?.signerSigned) redirect(OUT_PATH);
  const t = await getTranslations("signing.thanks");
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-3 px-6 text-center">
      <h1 className="text-2xl font-semibold text-zinc-900">{t(result.signed ? "title" : "recordedTitle")}</h1>
      <p className="text-zinc-700">{t(result.signed ? "body" : "recordedBody", { document: result.name })}</p>
      {result.download && signed && (
        <a
          href={operationHref(downloadSealedDocumentOp, { signed })}
          className="mx-auto inline-flex min-h-11 items-center rounded-md bg-violet-700 px-4 font-medium text-white hover:bg-violet-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-700"
          data-testid="download-signed"
        >
          {t("downloadSigned")}
        </a>
      )}
    </main>
  );
}
