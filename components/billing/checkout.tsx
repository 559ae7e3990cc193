"use client";

import { useLocale, useTranslations } from "@/lib/i18n/client";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { TextField } from "@/components/ui/text-field";
import { useAction } from "@/components/ui/use-action";
import { callOperation, type OperationOutput } from "@/lib/client/operations";
import {
  confirmEnabled,
  confirmLabel,
  planButton,
  quotaFor,
  yearlyMonthlyEquivalent,
  yearlySavings,
  type Interval,
} from "@/lib/billing/plans";
import type { CheckoutPreselect } from "@/lib/billing/checkout-preselect";
import { orderSummaryRows } from "@/lib/billing/order-summary";
import { formatCurrency, formatDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { CountryOption } from "@/lib/i18n/countries";
import { BillingDetailsCard } from "./billing-details-card";
import { PlanFeatures } from "./plan-features";
import { planName as translatedPlanName } from "./plan-name";
import { PaymentMethodsCard } from "./payment-methods-card";
import { checkPromotionCodeOp, upcomingInvoiceOp, upsertSubscriptionOp } from "@/lib/operations/routes/billing";

type Product = OperationOutput<"products">[number];
type Subscription = { cancelAtPeriodEnds: boolean; items: { quota: string }[] } | null;
type Invoice = OperationOutput<"upcomingInvoice">;

const quotas = (product: Product) => ({
  slug: product.slug,
  quotas: product.quotas.map((q) => ({ ...q, interval: q.recurring.interval.each })),
});

/**
 * Checkout (spec sections 2, 4, 5, 9): a full-screen modal with two steps, 'Select a plan' and
 * 'Payment' (passed steps clickable). The plan picker has a month/year toggle (year by default)
 * and the five button labels; the payment step has the cards, the billing details, the order
 * summary from the upcoming invoice (recalculated when the card, the details or the code change),
 * the promotion code input (only above zero) and the confirm button with its label rule.
 *
 * `preselect` (from the address, lib/billing/checkout-preselect.ts) opens it by itself on the
 * payment step of that plan and period, unless that is the plan the workspace already has: then
 * on the plan picker with that period. Closing it drops the address's query. The spec's third step
 * label, 'Addons', is unused (spec section 2): its text exists, no step shows it.
 */
export function Checkout({
  products,
  subscription,
  plan,
  cards,
  details,
  countries,
  capabilities = [],
  preselect = null,
  publishableKey = null,
}: {
  products: Product[];
  subscription: Subscription;
  plan: string;
  cards: OperationOutput<"paymentMethods">;
  details: OperationOutput<"billingDetails">;
  /** The billing address's countries, named on the server (billing-details-card.tsx). */
  countries: readonly CountryOption[];
  /** The workspace's capabilities: the plans' other features are starred. */
  capabilities?: readonly string[];
  preselect?: CheckoutPreselect | null;
  /** Stripe's publishable key when configured (the card field is then Stripe's). */
  publishableKey?: string | null;
}) {
  const t = useTranslations("billing");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const currentItem = subscription?.items[0];
  const currentInterval = (products.flatMap((p) => p.quotas).find((q) => q.id === currentItem?.quota)?.recurring.interval.each ??
    "year") as Interval;
  const current = { plan, interval: currentInterval, cancelAtPeriodEnd: subscription?.cancelAtPeriodEnds ?? false };
  // A preselected plan goes straight to payment when it can be chosen at all (not the current one).
  const startsOnPayment = (choice: CheckoutPreselect | null) =>
    !!choice && !planButton({ plan: choice.plan, interval: choice.interval, current, selected: null }).disabled;
  const [open, setOpen] = useState(preselect !== null);
  const [step, setStep] = useState(startsOnPayment(preselect) ? 1 : 0);
  const [interval, setInterval] = useState<Interval>(preselect?.interval ?? "year");
  const [selected, setSelected] = useState<{ plan: string; interval: Interval } | null>(startsOnPayment(preselect) ? preselect : null);
  const [code, setCode] = useState("");
  const [coupon, setCoupon] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  // The upcoming invoice with the moment it was asked for: its prorated lines start then.
  const [invoice, setInvoice] = useState<(Invoice & { at: Date }) | null>(null);
  const [failed, setFailed] = useState(false);
  const { run, busy } = useAction();
  const preselectKey = preselect ? `${preselect.plan}:${preselect.interval}` : null;

  // A new address (a plan button of the page, the upgrade prompt) opens checkout again with its
  // choice: state adjusted while rendering (React's pattern for a changed prop), not in an effect.
  // Only the address's choice reopens it, not a refresh of the page's data.
  const [seenPreselect, setSeenPreselect] = useState(preselectKey);
  if (preselectKey !== seenPreselect) {
    setSeenPreselect(preselectKey);
    if (preselect) {
      const onPayment = startsOnPayment(preselect);
      setOpen(true);
      setInterval(preselect.interval);
      setSelected(onPayment ? preselect : null);
      setStep(onPayment ? 1 : 0);
    }
  }

  function close() {
    setOpen(false);
    if (preselect) router.replace("/settings/ws/billing", { scroll: false });
  }
  const product = products.find((p) => p.slug === selected?.plan) ?? null;
  const quota = product && selected ? quotaFor(quotas(product), selected.interval) : null;
  const quotaId = quota?.id ?? null;
  const defaultCard = cards.find((c) => c.default)?.id ?? null;
  const country = details.address?.country ?? null;

  useEffect(() => {
    if (!open || step !== 1 || !quotaId) return;
    let stale = false;
    callOperation(upcomingInvoiceOp, {
      prediction: { cancelAtPeriodEnds: false, items: [{ quota: quotaId, quantity: 1 }], ...(coupon ? { coupon } : {}) },
    })
      .then((next) => !stale && setInvoice({ ...next, at: new Date() }))
      .catch(() => !stale && setInvoice(null));
    return () => {
      stale = true;
    };
    // The card and the billing country change what is due (spec section 4): recalculate on them too.
  }, [open, step, quotaId, coupon, defaultCard, country]);

  async function checkCode() {
    if (!code.trim()) return;
    const found = await callOperation(checkPromotionCodeOp, { code: code.trim() }).catch(() => null);
    if (found) {
      setCoupon(found.coupon.id);
      setCodeError(null);
    } else {
      setCoupon(null);
      setCode("");
      setCodeError(t("invalidCode"));
    }
  }

  async function confirm() {
    if (!quota) return;
    setFailed(false);
    const done = await run(
      () => callOperation(upsertSubscriptionOp, { items: [{ quota: quota.id, quantity: 1 }], ...(coupon ? { coupon } : {}) }),
      "updated",
      "updateError",
    );
    if (done === undefined) setFailed(true);
    else close();
  }

  const amount = invoice?.amount ?? 0;
  // Amounts in the currency they come with (the plan's, the invoice's), formatted by Intl.
  const money = (cents: number, currency: string) => formatCurrency(locale, cents, currency);
  const nameOf = (p: Product) => translatedPlanName(t, p);
  const day = (date: Date) => formatDate(locale, date);
  const planName = (quotaId: string | null) => {
    const found = products.find((p) => p.quotas.some((q) => q.id === quotaId)) ?? product;
    return found ? nameOf(found) : "";
  };
  const steps = [t("stepSelectPlan"), t("stepPayment")];

  return (
    <>
      <Button onClick={() => (setOpen(true), setStep(0), setSelected(null))}>{t("changePlan")}</Button>
      <Modal open={open} title={t("checkout")} onClose={close} size="4xl">
        <ol className="mb-4 flex gap-4 text-sm" aria-label={t("checkoutSteps")}>
          {steps.map((label, index) => (
            <li key={label}>
              <button
                type="button"
                disabled={index >= step}
                onClick={() => setStep(index)}
                aria-current={index === step ? "step" : undefined}
                className={index === step ? "font-semibold text-brand-700" : index < step ? "text-brand-600 underline" : "text-zinc-400"}
              >
                {index + 1}. {label}
              </button>
            </li>
          ))}
        </ol>
        {step === 0 ? (
          <div className="flex flex-col gap-4">
            <div role="radiogroup" aria-label={t("billingPeriod")} className="flex gap-2">
              {(["month", "year"] as const).map((value) => (
                <button
                  key={value}
                  type="button"
                  role="radio"
                  aria-checked={interval === value}
                  onClick={() => setInterval(value)}
                  className={`rounded-md border px-3 py-1 text-sm ${interval === value ? "border-brand-500 bg-brand-50" : "border-zinc-300"}`}
                >
                  {t(value === "month" ? "monthly" : "yearly")}
                </button>
              ))}
            </div>
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              {products.map((p) => {
                const q = quotaFor(quotas(p), interval);
                const month = quotaFor(quotas(p), "month");
                const year = quotaFor(quotas(p), "year");
                const button = planButton({ plan: p.slug, interval, current, selected });
                return (
                  <li
                    key={p.slug}
                    className="flex flex-col gap-2 rounded-md border border-zinc-200 p-3 text-sm"
                    data-testid={`plan-${p.slug}`}
                  >
                    <p className="font-semibold">{nameOf(p)}</p>
                    {q && (
                      <p>
                        {interval === "year" && p.slug !== "free"
                          ? t("perMonthYearly", { amount: money(Math.round(yearlyMonthlyEquivalent(q.amount)), q.currency) })
                          : t("perMonth", { amount: money(q.amount, q.currency) })}
                      </p>
                    )}
                    {interval === "year" && p.slug !== "free" && month && year && (
                      <p className="text-emerald-700">
                        {t("savings", { amount: money(Math.round(yearlySavings(month.amount, year.amount)), year.currency) })}
                      </p>
                    )}
                    <PlanFeatures
                      plan={nameOf(p)}
                      capabilities={p.capabilities}
                      limits={p.limits as { documents?: number | null; members?: number | null } | null}
                      current={capabilities}
                    />
                    <Button
                      className="mt-auto"
                      variant={button.label === "selectPlan" ? "primary" : "secondary"}
                      disabled={button.disabled}
                      onClick={() => {
                        setSelected({ plan: p.slug, interval });
                        setStep(1);
                      }}
                    >
                      {t(`planButtons.${button.label}`)}
                    </Button>
                  </li>
                );
              })}
            </ul>
          </div>
        ) : (
          // One column on a phone (the order summary and the confirm button below the cards and the
          // details, reached by scrolling the dialog), two side by side from md up.
          <div className="grid grid-cols-1 gap-4 md:grid-cols-[3fr_2fr]">
            <div className="flex min-w-0 flex-col gap-4">
              <PaymentMethodsCard cards={cards} publishableKey={publishableKey} />
              <BillingDetailsCard details={details} countries={countries} />
            </div>
            <section className="flex min-w-0 flex-col gap-3 rounded-lg border border-zinc-200 p-4 text-sm" aria-labelledby="order-summary">
              <h3 id="order-summary" className="font-semibold">
                {t("orderSummary")}
              </h3>
              <p>{product ? nameOf(product) : null}</p>
              {invoice && (
                <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1" data-testid="order-summary">
                  {orderSummaryRows(invoice, invoice.at).map((row, index) =>
                    "quota" in row ? (
                      <div key={index} className="contents" data-testid="order-summary-line">
                        <dt>
                          {row.kind === "plan"
                            ? planName(row.quota)
                            : t(row.kind === "unused" ? "lineUnusedTime" : "lineRemainingTime", {
                                plan: planName(row.quota),
                                date: day(row.from),
                              })}
                          {row.to && (
                            <span className="block text-xs text-zinc-500">
                              {t("linePeriod", { start: day(row.from), end: day(row.to) })}
                            </span>
                          )}
                        </dt>
                        <dd className="text-right tabular-nums">{money(row.amount, invoice.currency)}</dd>
                      </div>
                    ) : (
                      <div
                        key={index}
                        className={`contents ${row.kind === "totalDueNow" ? "font-semibold" : ""}`}
                        data-testid={`order-summary-${row.kind}`}
                      >
                        <dt className={row.kind === "subtotal" || row.kind === "totalDueNow" ? "border-t border-zinc-200 pt-1" : ""}>
                          {row.kind === "tax" && invoice.taxRate ? `${invoice.taxRate.name} ${invoice.taxRate.percentage} %` : t(row.kind)}
                        </dt>
                        <dd
                          className={`text-right tabular-nums ${row.kind === "subtotal" || row.kind === "totalDueNow" ? "border-t border-zinc-200 pt-1" : ""}`}
                        >
                          {money(row.amount, invoice.currency)}
                        </dd>
                      </div>
                    ),
                  )}
                </dl>
              )}
              {amount > 0 && (
                <div className="flex items-end gap-2">
                  <TextField
                    className="flex-1"
                    label={t("promotionCode")}
                    placeholder={t("promotionCodePlaceholder")}
                    value={code}
                    onChange={(e) => setCode(e.target.value)}
                    error={codeError}
                    after={coupon ? <span className="text-xs text-emerald-700">✓ {t("codeApplied")}</span> : null}
                  />
                  <Button variant="secondary" onClick={checkCode} aria-label={t("applyCode")}>
                    →
                  </Button>
                </div>
              )}
              {failed && (
                <Alert tone="error">
                  <strong>{t("subscriptionError")}</strong> {t("subscriptionErrorDescription")}
                </Alert>
              )}
              <Button
                onClick={confirm}
                busy={busy}
                disabled={
                  !quota || !confirmEnabled({ plan: selected?.plan ?? "", hasPaymentMethod: !!defaultCard, billingCountry: country })
                }
              >
                {t(confirmLabel({ invoiceAmount: amount, chosenQuotaId: quota?.id ?? null, currentQuotaId: currentItem?.quota ?? null }))}
              </Button>
            </section>
          </div>
        )}
      </Modal>
    </>
  );
}
