/**
 * Checkout's order summary from the upcoming invoice (issue 39, item 14), as Stripe's upcoming
 * invoice reads: each line ("Unused time on Standard after <date>", a credit; "Remaining time on
 * Premium after <date>", a charge; or the plan's own period when nothing is prorated) with its
 * period, then the subtotal, the discount, the tax, the customer's balance applied (a credit used,
 * or a credit left over kept for the next invoices) and the total due now. The rows add up:
 * lines = subtotal, and subtotal − discount + tax + balance = total due now (never below zero).
 * Pure, for the screen and its tests.
 */
export type SummaryInvoice = {
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  lines: { type: "unused" | "remaining"; quota: string | null; amount: number; endedAt: Date | string | null }[];
};

export type SummaryRow =
  | {
      kind: "unused" | "remaining" | "plan";
      /** The quota (price) of the line: the screen names its plan. */
      quota: string | null;
      amount: number;
      /** The line's period: from the change (the preview's moment) to its end. */
      from: Date;
      to: Date | null;
    }
  | { kind: "subtotal" | "discount" | "tax" | "appliedBalance" | "creditToBalance" | "totalDueNow"; amount: number };

export function orderSummaryRows(invoice: SummaryInvoice, at: Date): SummaryRow[] {
  const prorated = invoice.lines.some((line) => line.type === "unused");
  const rows: SummaryRow[] = invoice.lines.map((line) => ({
    kind: line.type === "unused" ? "unused" : prorated ? "remaining" : "plan",
    quota: line.quota,
    amount: line.amount,
    from: at,
    to: line.endedAt ? new Date(line.endedAt) : null,
  }));
  rows.push({ kind: "subtotal", amount: invoice.subtotal });
  if (invoice.discount) rows.push({ kind: "discount", amount: -invoice.discount });
  rows.push({ kind: "tax", amount: invoice.tax });
  const balance = invoice.total - (invoice.subtotal - invoice.discount + invoice.tax);
  if (balance) rows.push({ kind: balance < 0 ? "appliedBalance" : "creditToBalance", amount: balance });
  rows.push({ kind: "totalDueNow", amount: invoice.total });
  return rows;
}
