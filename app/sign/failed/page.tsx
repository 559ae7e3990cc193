import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { signerTurnState } from "@/lib/signatures/turn-notice";
import { signedPageContext, signingFailure } from "@/lib/signing/signed-page-context";
import { signingPath, type SigningLinkFailure } from "@/lib/signing/signing-links";

export const dynamic = "force-dynamic";

/** The address may carry the signer's token: keep it out of search engines and Referer headers. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: t("appName"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

const REASONS: readonly SigningLinkFailure[] = ["invalid", "expired", "replaced", "completed", "cancelled", "notYourTurn"];

/**
 * What to say for `notYourTurn`, read again now (the page may be opened from the history long
 * after): the promise of an email only while it is true, an ordered process whose signer's turn
 * has not come (waitsForTurn); the link's own failure when it has one now (signed, withdrawn…);
 * the signing page when their turn has come. Without the link's token it cannot be known, and
 * the page promises nothing (`notYet`).
 */
async function turnReason(token: string | undefined): Promise<SigningLinkFailure | "notYet" | { inTurn: string }> {
  if (!token) return "notYet";
  const opened = await signedPageContext(token);
  if ("failure" in opened) return opened.failure;
  try {
    return (await signerTurnState(opened.ctx)) === "waiting" ? "notYourTurn" : { inTurn: token };
  } catch (error) {
    return signingFailure(error) ?? "notYet";
  }
}

/** Where a signature link that does not work sends its holder (spec: failed-link address), saying why. */
export default async function SignFailedPage({ searchParams }: { searchParams: Promise<{ reason?: string; signed?: string }> }) {
  const { reason, signed } = await searchParams;
  const given = REASONS.find((value) => value === reason) ?? "invalid";
  const known = given === "notYourTurn" ? await turnReason(signed) : given;
  if (typeof known === "object") redirect(signingPath("signature", known.inTurn));
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
