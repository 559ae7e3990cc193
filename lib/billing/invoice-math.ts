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

/**
 * Stripe's customer balance on an invoice (cents; Stripe's sign: negative is a credit the customer
 * holds). The invoice's total before the balance draws from a credit; a negative total (a plan
 * change whose credit exceeds its charge) goes to the balance instead of being paid out. What is
 * due is never below zero; `applied` is what the balance changed the invoice by (negative: credit
 * used; positive: a negative total credited to the balance), so total before + applied = due.
 */
export function applyBalance(totalBefore: number, balance: number) {
  const due = Math.max(totalBefore + Math.min(balance, 0), 0);
  const applied = due - totalBefore;
  return { due, applied, endingBalance: Math.min(balance, 0) - applied };
}
