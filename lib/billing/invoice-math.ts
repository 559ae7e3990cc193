/**
 * An invoice's totals in cents from its lines, a coupon (percent or amount off) and a tax
 * percentage: the discount applies to a positive subtotal only, tax to what remains, and the
 * amount due is never below zero (a credit stays with the customer, as Stripe keeps it).
 */
export function invoiceTotals(
  lineAmounts: readonly number[],
  coupon: { percentOff: number | null; amountOff: number | null } | null,
  taxPercentage: number,
) {
  const subtotal = lineAmounts.reduce((sum, amount) => sum + amount, 0);
  const discount =
    subtotal <= 0 || !coupon
      ? 0
      : coupon.percentOff !== null
        ? Math.round((subtotal * coupon.percentOff) / 100)
        : Math.min(coupon.amountOff ?? 0, subtotal);
  const taxable = subtotal - discount;
  const tax = taxable > 0 ? Math.round((taxable * taxPercentage) / 100) : 0;
  const total = taxable + tax;
  return { subtotal, discount, tax, total, amount: Math.max(total, 0) };
}
