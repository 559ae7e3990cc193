import { Link } from "@/components/ui/link";
import { getLocale, getTranslations } from "next-intl/server";
import { Alert } from "@/components/ui/alert";
import { checkoutHref } from "@/lib/billing/checkout-preselect";
import { quotaFor, yearlyMonthlyEquivalent, yearlySavings } from "@/lib/billing/plans";
import { usageRatio, type LimitUsage } from "@/lib/billing/plans";
import type { WorkspaceUsage } from "@/lib/billing/usage";
import type { UpgradeContact } from "@/lib/accounts/get-upgrade-contact";
import { formatCurrency, formatDate, formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { PlanFeatures } from "./plan-features";
import { planName } from "./plan-name";

type Quota = { id: string; amount: number; currency: string; recurring: { interval: { each: "month" | "year" } } };
type Product = { slug: string; name: string; capabilities: string[]; limits: unknown; quotas: Quota[] };
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
 *
 * Each plan lists its limits and features in the reader's language (PlanFeatures), those the
 * workspace's plan lacks starred with the upgrade prompt; above them, the workspace's usage
 * against its own limits ("12 of 100 documents this month") with a meter each.
 */
export async function PlansSummary({
  plan,
  products,
  subscription,
  usage,
  capabilities,
  contact,
}: {
  plan: string;
  products: Product[];
  subscription: Subscription;
  usage: WorkspaceUsage;
  /** The workspace's own capabilities (its copy of its plan's). */
  capabilities: string[];
  contact: UpgradeContact | null;
}) {
  const t = await getTranslations("billing");
  const locale = (await getLocale()) as Locale;
  const quotaIds = new Map(products.flatMap((p) => p.quotas.map((q) => [q.id, q.recurring.interval.each] as const)));
  const interval = (subscription && quotaIds.get(subscription.items[0]?.quota ?? "")) || "year";
  const ended = subscription?.status === "canceled";
  const nameOf = (slug: string) => {
    const product = products.find((p) => p.slug === slug);
    return product ? planName(t, product) : slug;
  };
  const number = (value: number) => formatNumber(locale, value);
  const meter = (id: string, usage: LimitUsage, text: string) => (
    <div className="flex flex-col gap-1" data-testid={`usage-${id}`}>
      <p id={`usage-${id}`}>{text}</p>
      {usage.max !== null && (
        <meter
          aria-labelledby={`usage-${id}`}
          min={0}
          max={usage.max}
          low={usage.max * 0.8}
          high={usage.max * 0.95}
          optimum={0}
          value={Math.min(usage.used, usage.max)}
          className="h-2 w-full"
        />
      )}
      {usage.max !== null && usageRatio(usage) >= 1 && <p className="text-amber-800">{t("usage.limitReached")}</p>}
    </div>
  );
  return (
    <section className="flex flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-6" aria-labelledby="plan-title">
      <h2 id="plan-title" className="text-lg font-semibold">
        {t("plan")}
      </h2>
      <p className="text-sm" data-testid="current-plan">
        {t("currentPlan", { plan: nameOf(plan) })}
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
      <section className="flex flex-col gap-3 text-sm" aria-labelledby="usage-title">
        <h3 id="usage-title" className="font-semibold">
          {t("usage.title")}
        </h3>
        {meter(
          "documents",
          usage.documents,
          usage.documents.max === null
            ? t("usage.documentsUnlimited", { used: number(usage.documents.used), period: usage.period })
            : t("usage.documents", { used: number(usage.documents.used), max: number(usage.documents.max), period: usage.period }),
        )}
        {meter(
          "members",
          usage.members,
          usage.members.max === null
            ? t("usage.membersUnlimited", { used: number(usage.members.used) })
            : t("usage.members", { used: number(usage.members.used), max: number(usage.members.max) }),
        )}
      </section>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {products.map((product) => {
          const quotas = { slug: product.slug, quotas: product.quotas.map((q) => ({ ...q, interval: q.recurring.interval.each })) };
          const month = quotaFor(quotas, "month");
          const year = quotaFor(quotas, "year");
          const savings = product.slug !== "free" && month && year ? yearlySavings(month.amount, year.amount) : 0;
          return (
            <li
              key={product.slug}
              className={`flex flex-col gap-1 rounded-md border p-3 text-sm ${product.slug === plan ? "border-brand-500" : "border-zinc-200"}`}
              data-testid={`summary-plan-${product.slug}`}
            >
              <p className="font-semibold">{planName(t, product)}</p>
              {month && <p>{t("perMonth", { amount: formatCurrency(locale, month.amount, month.currency) })}</p>}
              {year && product.slug !== "free" && (
                <p className="text-zinc-600">
                  {t("perMonthYearly", { amount: formatCurrency(locale, Math.round(yearlyMonthlyEquivalent(year.amount)), year.currency) })}
                </p>
              )}
              {savings > 0 && (
                <p className="text-emerald-700">{t("savings", { amount: formatCurrency(locale, Math.round(savings), year!.currency) })}</p>
              )}
              <PlanFeatures
                plan={planName(t, product)}
                capabilities={product.capabilities}
                limits={product.limits as { documents?: number | null; members?: number | null } | null}
                current={capabilities}
                contact={contact}
              />
              {product.slug !== plan && (
                <Link
                  href={checkoutHref(product.slug, product.slug === "free" ? undefined : interval)}
                  scroll={false}
                  className="mt-2 inline-flex min-h-9 items-center self-start rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-50"
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
