"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
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
import { formatCurrency } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { BillingDetailsCard } from "./billing-details-card";
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
 */
export function Checkout({
  products,
  subscription,
  plan,
  cards,
  details,
}: {
  products: Product[];
  subscription: Subscription;
  plan: string;
  cards: OperationOutput<"paymentMethods">;
  details: OperationOutput<"billingDetails">;
}) {
  const t = useTranslations("billing");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState(0);
  const [interval, setInterval] = useState<Interval>("year");
  const [selected, setSelected] = useState<{ plan: string; interval: Interval } | null>(null);
  const [code, setCode] = useState("");
  const [coupon, setCoupon] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [invoice, setInvoice] = useState<Invoice | null>(null);
  const { run, busy } = useAction();
  const currentItem = subscription?.items[0];
  const currentInterval = (products.flatMap((p) => p.quotas).find((q) => q.id === currentItem?.quota)?.recurring.interval.each ??
    "year") as Interval;
  const current = { plan, interval: currentInterval, cancelAtPeriodEnd: subscription?.cancelAtPeriodEnds ?? false };
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
      .then((next) => !stale && setInvoice(next))
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
    const done = await run(
      () => callOperation(upsertSubscriptionOp, { items: [{ quota: quota.id, quantity: 1 }], ...(coupon ? { coupon } : {}) }),
      "updated",
      "updateError",
    );
    if (done !== undefined) {
      setOpen(false);
      router.refresh();
    }
  }

  const amount = invoice?.amount ?? 0;
  const money = (cents: number, currency = "eur") => formatCurrency(locale, cents, currency);
  const steps = [t("stepSelectPlan"), t("stepPayment")];

  return (
    <>
      <Button onClick={() => (setOpen(true), setStep(0))}>{t("changePlan")}</Button>
      <Modal open={open} title={t("checkout")} onClose={() => setOpen(false)} size="4xl">
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
            <ul className="grid grid-cols-3 gap-3">
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
                    <p className="font-semibold">{p.name}</p>
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
                    <Button
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
          <div className="grid grid-cols-[3fr_2fr] gap-4">
            <div className="flex flex-col gap-4">
              <PaymentMethodsCard cards={cards} />
              <BillingDetailsCard details={details} />
            </div>
            <section className="flex flex-col gap-3 rounded-lg border border-zinc-200 p-4 text-sm" aria-labelledby="order-summary">
              <h3 id="order-summary" className="font-semibold">
                {t("orderSummary")}
              </h3>
              <p>{product?.name}</p>
              {invoice && (
                <dl className="grid grid-cols-2 gap-1" data-testid="order-summary">
                  <dt>{t("subtotal")}</dt>
                  <dd className="text-right">{money(invoice.subtotal, invoice.currency)}</dd>
                  <dt>{t("discount")}</dt>
                  <dd className="text-right">{money(-invoice.discount, invoice.currency)}</dd>
                  <dt>{invoice.taxRate ? `${invoice.taxRate.name} ${invoice.taxRate.percentage} %` : t("tax")}</dt>
                  <dd className="text-right">{money(invoice.tax, invoice.currency)}</dd>
                  <dt className="font-semibold">{t("total")}</dt>
                  <dd className="text-right font-semibold">{money(amount, invoice.currency)}</dd>
                </dl>
              )}
              {amount > 0 && (
                <div className="flex items-end gap-2">
                  <TextField
                    className="flex-1"
                    label={t("promotionCode")}
                    placeholder="CODE"
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
