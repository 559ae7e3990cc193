import { Link } from "@/components/ui/link";
import { getLocale, getTranslations } from "next-intl/server";
import { Alert } from "@/components/ui/alert";
import { checkoutHref } from "@/lib/billing/checkout-preselect";
import { quotaFor, yearlyMonthlyEquivalent, yearlySavings } from "@/lib/billing/plans";
import { formatCurrency, formatDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";

type Quota = { id: string; amount: number; currency: string; recurring: { interval: { each: "month" | "year" } } };
type Product = { slug: string; name: string; quotas: Quota[] };
type Subscription = {
  status: string;
  cancelAtPeriodEnds: boolean;
  endsAt: Date | null;
  paymentFailedAt: Date | null;
  items: { quota: string }[];
} | null;

/**
 * The plans beside the workspace's own: each with its monthly price, its yearly price as a
 * monthly equivalent (yearly / 12) and the yearly savings, amounts in the reader's format; each
 * other plan's button opens checkout with it preselected (`?checkout=<plan>&period=<interval>`,
 * the period of the workspace's subscription, else the year). A failed payment says so.
 */
export async function PlansSummary({ plan, products, subscription }: { plan: string; products: Product[]; subscription: Subscription }) {
  const t = await getTranslations("billing");
  const locale = (await getLocale()) as Locale;
  const quotaIds = new Map(products.flatMap((p) => p.quotas.map((q) => [q.id, q.recurring.interval.each] as const)));
  const interval = (subscription && quotaIds.get(subscription.items[0]?.quota ?? "")) || "year";
  const ended = subscription?.status === "canceled";
  return (
    <section className="flex flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-6" aria-labelledby="plan-title">
      <h2 id="plan-title" className="text-lg font-semibold">
        {t("plan")}
      </h2>
      <p className="text-sm" data-testid="current-plan">
        {t("currentPlan", { plan: products.find((p) => p.slug === plan)?.name ?? plan })}
        {subscription?.endsAt && (
          <>
            {" · "}
            {t(ended ? "endedOn" : subscription.cancelAtPeriodEnds ? "cancelsOn" : "renewsOn", {
              date: formatDate(locale, subscription.endsAt),
            })}
          </>
        )}
      </p>
      {subscription?.paymentFailedAt && !ended && (
        <Alert tone="error">{t("paymentFailed", { date: formatDate(locale, subscription.paymentFailedAt) })}</Alert>
      )}
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {products.map((product) => {
          const quotas = { slug: product.slug, quotas: product.quotas.map((q) => ({ ...q, interval: q.recurring.interval.each })) };
          const month = quotaFor(quotas, "month");
          const year = quotaFor(quotas, "year");
          const savings = product.slug !== "free" && month && year ? yearlySavings(month.amount, year.amount) : 0;
          return (
            <li
              key={product.slug}
              className={`rounded-md border p-3 text-sm ${product.slug === plan ? "border-brand-500" : "border-zinc-200"}`}
            >
              <p className="font-semibold">{product.name}</p>
              {month && <p>{t("perMonth", { amount: formatCurrency(locale, month.amount, month.currency) })}</p>}
              {year && product.slug !== "free" && (
                <p className="text-zinc-600">
                  {t("perMonthYearly", { amount: formatCurrency(locale, Math.round(yearlyMonthlyEquivalent(year.amount)), year.currency) })}
                </p>
              )}
              {savings > 0 && (
                <p className="text-emerald-700">{t("savings", { amount: formatCurrency(locale, Math.round(savings), year!.currency) })}</p>
              )}
              {product.slug !== plan && (
                <Link
                  href={checkoutHref(product.slug, product.slug === "free" ? undefined : interval)}
                  scroll={false}
                  className="mt-2 inline-flex min-h-9 items-center rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-50"
                >
                  {t(product.slug === "free" ? "planButtons.downgradeToFree" : "planButtons.selectPlan")}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
