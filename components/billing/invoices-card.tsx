"use client";

import { useLocale, useTranslations } from "@/lib/i18n/client";
import { useEffect, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/ui/use-action";
import { callOperation, type OperationOutput } from "@/lib/client/operations";
import { formatCurrency, formatDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { billingPortalOp, invoicesOp } from "@/lib/operations/routes/billing";

type Invoice = OperationOutput<"invoices">["invoices"][number];

const PAGE = 12;
const STATUS_TONES: Record<string, string> = {
  paid: "bg-emerald-50 text-emerald-700",
  open: "bg-amber-50 text-amber-800",
};

/**
 * The Invoices card of Workspace settings → Billing (docs/billing.md, "Past invoices"): past
 * invoices newest first (date and amount in the reader's locale, status, a link to Stripe's
 * invoice page or, offline, the app's receipt), more on demand, the billing portal button, and
 * the failed-payment alert while the subscription is past due.
 *
 * `refreshKey` stands for the subscription's state (the page's server data): a purchase, a change
 * of plan or a renewal changes it when the screen's data is refreshed (useAction's
 * router.refresh()), and the first page is read again, so a new invoice shows without a reload.
 */
export function InvoicesCard({ pastDue, refreshKey = "" }: { pastDue: boolean; refreshKey?: string }) {
  const t = useTranslations("billing.invoices");
  const locale = useLocale() as Locale;
  const titleId = useId();
  const [invoices, setInvoices] = useState<Invoice[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const { run, busy } = useAction();

  useEffect(() => {
    let live = true;
    callOperation(invoicesOp, { limit: PAGE })
      .then((page) => {
        if (!live) return;
        setInvoices(page.invoices);
        setCursor(page.nextCursor);
      })
      // A refresh that fails keeps what is shown; only a first read shows the empty list.
      .catch(() => live && setInvoices((current) => current ?? []));
    return () => {
      live = false;
    };
  }, [refreshKey]);

  const more = () =>
    run(
      async () => {
        const page = await callOperation(invoicesOp, { limit: PAGE, startingAfter: cursor });
        setInvoices((current) => [...(current ?? []), ...page.invoices]);
        setCursor(page.nextCursor);
      },
      null,
      "updateError",
    );

  // Stripe's portal is another site; offline it is this page (docs/billing.md).
  const portal = () =>
    run(
      async () => {
        const { url } = await callOperation(billingPortalOp, {});
        window.location.assign(url);
      },
      null,
      "updateError",
    );

  return (
    <section className="flex flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-6" aria-labelledby={titleId}>
      <div className="flex items-center justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold">
          {t("title")}
        </h2>
        <Button variant="secondary" onClick={portal} disabled={busy}>
          {t("billingPortal")}
        </Button>
      </div>
      {pastDue && (
        <Alert tone="error">
          <strong className="block">{t("pastDue")}</strong>
          {t("pastDueDescription")}
        </Alert>
      )}
      {invoices === null ? null : invoices.length === 0 ? (
        <p className="text-sm text-zinc-500">{t("empty")}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="text-xs text-zinc-500">
            <tr>
              <th className="py-2 font-medium">{t("date")}</th>
              <th className="py-2 font-medium">{t("number")}</th>
              <th className="py-2 text-right font-medium">{t("amount")}</th>
              <th className="py-2 font-medium">
                <span className="pl-4">{t("status")}</span>
              </th>
              <th className="py-2">
                <span className="sr-only">{t("actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.map((invoice) => (
              <tr key={invoice.id} className="border-t border-zinc-100" data-testid="invoice-row">
                <td className="py-2">{invoice.createdAt ? formatDate(locale, invoice.createdAt) : ""}</td>
                <td className="py-2 text-zinc-600">{invoice.number ?? ""}</td>
                <td className="py-2 text-right tabular-nums">{formatCurrency(locale, invoice.amount, invoice.currency)}</td>
                <td className="py-2">
                  {invoice.status && (
                    <span
                      className={`ml-4 rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONES[invoice.status] ?? "bg-zinc-100 text-zinc-700"}`}
                    >
                      {t(`statuses.${invoice.status}`)}
                    </span>
                  )}
                </td>
                <td className="py-2 text-right">
                  {invoice.url && (
                    <a className="text-brand-700 underline" href={invoice.url} target="_blank" rel="noopener noreferrer">
                      {t("open")}
                      <span className="sr-only"> {invoice.number ?? ""}</span>
                    </a>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {cursor && (
        <div>
          <Button variant="ghost" onClick={more} busy={busy}>
            {t("loadMore")}
          </Button>
        </div>
      )}
    </section>
  );
}
