import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { SignForm } from "@/components/signatures/sign-form";
import { SignPages } from "@/components/signatures/sign-pages";
import { termsUrl } from "@/lib/navigation/terms-url";
import { runOperation } from "@/lib/operations/operation";
import { fetchValidSignatureOperation } from "@/lib/signatures/signature-operations";
import { signedPageContext, signingFailure } from "@/lib/signing/signed-page-context";
import { SIGNED_PARAM, signingFailedPath } from "@/lib/signing/signing-links";

export const dynamic = "force-dynamic";

/** The address carries the signer's token: keep it out of search engines and Referer headers. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: t("appName"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/**
 * The signer's screen (spec /sign?signed=…; issue 16): no account. The document's pages as
 * images rendered on the server (no PDF viewer shipped), the signer's boxes on them, and the
 * form. A link that fails goes to /sign/failed with its reason.
 */
export default async function SignPage({ searchParams }: { searchParams: Promise<{ signed?: string }> }) {
  const { signed } = await searchParams;
  const opened = await signedPageContext(signed);
  if ("failure" in opened) redirect(signingFailedPath("signature", opened.failure));
  let view;
  try {
    view = await runOperation(fetchValidSignatureOperation, opened.ctx, {});
  } catch (error) {
    const failure = signingFailure(error);
    // Not their turn: the failed page reads the turn again with the token (it may be opened later).
    if (failure === "notYourTurn") redirect(`${signingFailedPath("signature", failure)}&${SIGNED_PARAM}=${encodeURIComponent(signed!)}`);
    if (failure) redirect(signingFailedPath("signature", failure));
    throw error;
  }
  const [t, tc] = await Promise.all([getTranslations("signing.sign"), getTranslations("common")]);
  const fields = view.placeholders.filter((box) => box.kind === "field");
  const needsInitials = view.signature.settings.rubricAllPages || view.placeholders.some((box) => box.kind === "initials");
  return (
    // The signer's form reads only its own messages (components/i18n/client-messages.tsx).
    <ClientMessages namespaces={["signing.sign"]}>
      <div className="min-h-screen bg-zinc-100">
        <header className="border-b border-zinc-200 bg-white">
          <div className="mx-auto flex max-w-3xl items-center justify-between gap-2 px-4 py-3">
            <span className="font-semibold text-brand-700">{tc("appName")}</span>
            <span className="truncate text-sm text-zinc-600">{view.account.name}</span>
          </div>
        </header>
        <main className="mx-auto max-w-3xl space-y-6 px-4 py-6">
          <div>
            <h1 className="text-xl font-semibold text-zinc-900">{t("title", { document: view.document.name })}</h1>
            <p className="mt-1 text-sm text-zinc-600">{t("intro", { account: view.account.name, name: view.signature.name })}</p>
            {view.signature.message && (
              <p className="mt-2 whitespace-pre-line rounded bg-white p-3 text-sm text-zinc-700">{view.signature.message}</p>
            )}
          </div>
          <SignPages
            documentId={view.document.id}
            token={signed!}
            pageCount={view.document.pageCount}
            html={view.document.html}
            placeholders={view.placeholders}
          />
          <SignForm
            token={signed!}
            signatureId={view.signature.id}
            name={view.signature.name}
            allowDraw={view.signature.settings.allowBiometric}
            allowCertificate={view.signature.settings.allowCertificate}
            needsInitials={needsInitials}
            termsUrl={termsUrl()}
            fields={fields.map((box) => ({ name: box.keyName, type: box.fieldType ?? "text", required: box.required }))}
          />
        </main>
      </div>
    </ClientMessages>
  );
}
