import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { updateBillingDetails } from "@/lib/billing/billing-details";
import { invoicesOperation, upcomingInvoiceOperation, upsertSubscriptionOperation } from "@/lib/billing/billing-operations";
import { localToken } from "@/lib/billing/local-cards";
import { customerBalance } from "@/lib/billing/local-invoices";
import { runLocalRenewals } from "@/lib/billing/local-renewals";
import { createPaymentMethod } from "@/lib/billing/payment-methods";
import { jobContext } from "@/lib/jobs/job";
import { runOperation } from "@/lib/operations/operation";
import { createAccount, signedInAs } from "@/tests/factories";

/**
 * The offline provider's customer balance (issue 39, item 15), as Stripe's: a change whose credit
 * exceeds its charge (a year of Standard switched to a month of Premium) writes no negative
 * invoice and charges nothing; the credit stays in the customer's balance, and the next invoices
 * draw from it until it is used up. The upcoming invoice (item 14) shows the credit and charge
 * lines, and they add up: subtotal = the lines, and total = subtotal − discount + tax + the balance
 * applied, never below zero.
 */
type Line = { type: string; amount: number; quota: string | null; endedAt: Date | null };
type Preview = { lines: Line[]; subtotal: number; discount: number; tax: number; total: number; amount: number };
type Past = {
  invoices: { number: string; status: string; subtotal: number; discount: number; tax: number; total: number; amount: number }[];
};

let ctx: ServiceContext;
let customerId: string;
let accountId: string;
const run = <O>(operation: Parameters<typeof runOperation>[0], input: unknown) => runOperation(operation, ctx, input) as Promise<O>;
const applied = (invoice: { subtotal: number; discount: number; tax: number; total: number }) =>
  invoice.total - (invoice.subtotal - invoice.discount + invoice.tax);
const renew = async () => {
  const { currentPeriodEnd } = await db.subscription.findUniqueOrThrow({ where: { accountId } });
  const counts = await runLocalRenewals(jobContext("test-balance"), {
    now: new Date(currentPeriodEnd!.getTime() + 1000),
    accountIds: [accountId],
  });
  expect(counts.renewed).toBe(1);
  const { invoices } = await run<Past>(invoicesOperation, { limit: 1 });
  return invoices[0];
};

beforeAll(async () => {
  const { account, owner } = await createAccount("Customer balance");
  accountId = account.id;
  ({ ctx } = await signedInAs(owner.id, account.id));
  await updateBillingDetails(ctx, {
    legalName: "Balance SL",
    address: { line1: "Gran Via 1", line2: null, city: "Madrid", state: "Madrid", postalCode: "28013", country: "ES" },
    taxId: null,
  });
  await createPaymentMethod(ctx, { tokenId: localToken("4242424242424242", 12, new Date().getUTCFullYear() + 5) });
  await run(upsertSubscriptionOperation, { items: [{ quota: "quota_standard_year", quantity: 1 }] });
  customerId = (await db.billingCustomer.findUniqueOrThrow({ where: { accountId } })).customerId;
});

describe("the customer balance offline", () => {
  it("previews a year-to-month switch with its credit and charge lines, adding up to nothing due now", async () => {
    const preview = await run<Preview>(upcomingInvoiceOperation, {
      prediction: { items: [{ quota: "quota_premium_month", quantity: 1 }] },
    });
    expect(preview.lines.map((line) => [line.type, line.quota])).toEqual([
      ["unused", "quota_standard_year"],
      ["remaining", "quota_premium_month"],
    ]);
    expect(preview.lines[0].amount).toBeLessThan(-28_000);
    expect(preview.lines[1].amount).toBe(7900);
    expect(preview.subtotal).toBe(preview.lines.reduce((sum, line) => sum + line.amount, 0));
    expect(preview).toMatchObject({ discount: 0, tax: 0, total: 0, amount: 0 });
    // The credit left over is kept: the balance applied is positive, what is due is zero.
    expect(applied(preview)).toBe(-preview.subtotal);
  });

  it("keeps the credit of a downgrade in the balance and writes no negative invoice", async () => {
    expect(await customerBalance(db, customerId)).toBe(0);
    await run(upsertSubscriptionOperation, { items: [{ quota: "quota_premium_month", quantity: 1 }] });
    const { invoices } = await run<Past>(invoicesOperation, {});
    expect(invoices).toHaveLength(2);
    for (const invoice of invoices) {
      expect(invoice.total).toBeGreaterThanOrEqual(0);
      expect(invoice.amount).toBeGreaterThanOrEqual(0);
    }
    const [change] = invoices;
    expect(change).toMatchObject({ status: "paid", total: 0, amount: 0 });
    expect(change.subtotal).toBeLessThan(-20_000);
    const balance = await customerBalance(db, customerId);
    expect(balance).toBe(change.subtotal);
    expect(applied(change)).toBe(-balance);
  });

  it("draws the next invoices from the balance until it is used up", async () => {
    const start = await customerBalance(db, customerId);
    // Premium monthly with Spain's 21 %: 79 € + 16.59 €.
    const full = 7900 + 1659;
    const first = await renew();
    expect(first).toMatchObject({ status: "paid", subtotal: 7900, tax: 1659, total: 0, amount: 0 });
    expect(applied(first)).toBe(-full);
    expect(await customerBalance(db, customerId)).toBe(start + full);

    const second = await renew();
    expect(second.total).toBe(0);
    const left = await customerBalance(db, customerId);
    expect(left).toBe(start + 2 * full);
    expect(left).toBeLessThan(0);

    // The third is reduced by what is left of the credit, and the balance is empty after it.
    const third = await renew();
    expect(third).toMatchObject({ status: "paid", total: full + left, amount: full + left });
    expect(applied(third)).toBe(left);
    expect(await customerBalance(db, customerId)).toBe(0);

    const fourth = await renew();
    expect(fourth).toMatchObject({ total: full, amount: full });
  });

  it("previews a change with an empty balance as its lines, tax and nothing applied", async () => {
    const preview = await run<Preview>(upcomingInvoiceOperation, { prediction: { items: [{ quota: "quota_premium_year", quantity: 1 }] } });
    expect(preview.lines.map((line) => line.type)).toEqual(["unused", "remaining"]);
    expect(preview.subtotal).toBe(preview.lines.reduce((sum, line) => sum + line.amount, 0));
    expect(applied(preview)).toBe(0);
    expect(preview.total).toBe(preview.subtotal + preview.tax);
    expect(preview.amount).toBe(preview.total);
  });
});
