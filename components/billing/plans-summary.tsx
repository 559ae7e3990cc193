import { getLocale, getTranslations } from "next-intl/server";
import { quotaFor, yearlyMonthlyEquivalent, yearlySavings } from "@/lib/billing/plans";
import { formatCurrency, formatDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";

type Quota = { id: string; amount: number; currency: string; recurring: { interval: { each: "month" | "year" } } };
type Product = { slug: string; name: string; quotas: Quota[] };
type Subscription = { status: string; cancelAtPeriodEnds: boolean; endsAt: Date | null; items: { quota: string }[] } | null;

/**
 * The plans beside the workspace's own: each with its monthly price, its yearly price as a
 * monthly equivalent (yearly / 12) and the yearly savings, amounts in the reader's format.
 */
export async function PlansSummary({ plan, products, subscription }: { plan: string; products: Product[]; subscription: Subscription }) {
  const t = await getTranslations("billing");
  const locale = (await getLocale()) as Locale;
  return (
    <section className="flex flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-6" aria-labelledby="plan-title">
      <h2 id="plan-title" className="text-lg font-semibold">
        {t("plan")}
      </h2>
      <p className="text-sm" data-testid="current-plan">
        {t("currentPlan", { plan: products.find((p) => p.slug === plan)?.name ?? plan })}
        {subscription?.cancelAtPeriodEnds && subscription.endsAt && (
          <> · {t("cancelsOn", { date: formatDate(locale, subscription.endsAt) })}</>
        )}
        {!subscription?.cancelAtPeriodEnds && subscription?.endsAt && (
          <> · {t("renewsOn", { date: formatDate(locale, subscription.endsAt) })}</>
        )}
      </p>
      <ul className="grid grid-cols-3 gap-3">
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
            </li>
          );
        })}
      </ul>
    </section>
  );
}
