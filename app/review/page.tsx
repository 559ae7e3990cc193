import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { ReviewScreen } from "@/components/approvals/review-screen";
import { DOCUMENT_FORM_MESSAGES, ERROR_MESSAGES } from "@/lib/i18n/client-namespaces";
import { SIGNED_PARAM, signingFailedPath } from "@/lib/signing/signing-links";
import { verifySigningToken } from "@/lib/signing/signing-tokens";

export const dynamic = "force-dynamic";

/** The address carries the reviewer's token: out of search engines and out of Referer headers. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("review");
  return { title: t("title"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

/**
 * The approval reviewer's screen (spec /review, approval.review): no login, no welcome tour.
 * A forged, malformed or expired token goes to the failed-link page at once; the record itself
 * (replaced, cancelled, completed) is checked by fetchValidApproval when the screen loads, which
 * sends the reviewer there too.
 */
export default async function ReviewPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const token = typeof query[SIGNED_PARAM] === "string" ? query[SIGNED_PARAM] : "";
  const check = token ? verifySigningToken(token) : ({ ok: false, reason: "invalid" } as const);
  if (!check.ok) redirect(signingFailedPath("approval", check.reason));
  if (check.claims.typ !== "approval") redirect(signingFailedPath("approval", "invalid"));
  return (
    // What the reviewer's screen and its document form read (components/i18n/client-messages.tsx).
    <ClientMessages namespaces={["review", ...DOCUMENT_FORM_MESSAGES, ...ERROR_MESSAGES]}>
      <ReviewScreen token={token} />
    </ClientMessages>
  );
}
