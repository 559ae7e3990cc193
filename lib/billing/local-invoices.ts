import { createHash } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { CardError, type InvoiceLine, type ProviderInvoice } from "./provider";

type Tx = Prisma.TransactionClient;

/**
 * The offline provider's charges and invoices (docs/billing.md, "Past invoices" and "Renewals"):
 * one invoice per checkout charge and per renewal, numbered per customer like Stripe's
 * ("LOC-<customer>-0001"), paid, or open while its charge fails.
 */

/**
 * The customer's balance (cents; negative is a credit, as Stripe's customer balance), kept by its
 * invoices: each moved it by its total before the balance (subtotal − discount + tax) less what it
 * charged. A plan change whose credit exceeds its charge charges nothing and leaves the rest here;
 * the next invoices draw from it. (An invoice written before the balance existed with a negative
 * total counts as having charged nothing, so its credit is kept too.) Read under the customer's
 * lease (checkout's, or the renewal's), as the invoice that uses it is written.
 */
export async function customerBalance(tx: Tx | typeof db, customerId: string): Promise<number> {
  const rows = await tx.localInvoice.findMany({
    where: { customerId },
    select: { subtotal: true, discount: true, tax: true, total: true },
  });
  return rows.reduce((balance, row) => balance + row.subtotal - row.discount + row.tax - Math.max(row.total, 0), 0);
}

/** Why the customer's default card cannot be charged now, or null when it can. */
export async function chargeRefusal(tx: Tx | typeof db, customerId: string, now: Date): Promise<CardError | null> {
  const card = await tx.localPaymentMethod.findFirst({ where: { customerId, status: "succeeded", isDefault: true } });
  if (!card) return new CardError("payment_method_required", null, "Add a payment method first.");
  const expired = card.expYear < now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
  if (expired) return new CardError("expired_card", null, "Your card has expired.");
  if (card.chargeDeclineCode) return new CardError("card_declined", card.chargeDeclineCode, "Your card was declined.");
  return null;
}

const numberPrefix = (customerId: string) => `LOC-${createHash("sha256").update(customerId).digest("hex").slice(0, 8).toUpperCase()}`;

/**
 * Writes one invoice with the customer's next number. Its callers hold the customer (checkout's
 * billing lease, the renewal's locked subscription row), so two numbers never race; the unique
 * (customerId, number) index would refuse a duplicate anyway.
 */
export async function writeLocalInvoice(
  tx: Tx,
  input: {
    id: string;
    customerId: string;
    subscriptionId: string;
    invoice: ProviderInvoice;
    status: "paid" | "open";
    periodStart: Date | null;
    periodEnd: Date | null;
    now: Date;
  },
) {
  const customer = await tx.billingCustomer.findFirst({ where: { provider: "local", customerId: input.customerId } });
  const count = await tx.localInvoice.count({ where: { customerId: input.customerId } });
  const { invoice } = input;
  return tx.localInvoice.create({
    data: {
      id: input.id,
      accountId: customer?.accountId ?? null,
      customerId: input.customerId,
      subscriptionId: input.subscriptionId,
      number: `${numberPrefix(input.customerId)}-${String(count + 1).padStart(4, "0")}`,
      currency: invoice.currency,
      lines: invoice.lines as unknown as Prisma.InputJsonValue,
      subtotal: invoice.subtotal,
      discount: invoice.discount,
      tax: invoice.tax,
      total: invoice.total,
      status: input.status,
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      paidAt: input.status === "paid" ? input.now : null,
      createdAt: input.now,
    },
  });
}

type InvoiceRow = Awaited<ReturnType<typeof db.localInvoice.findFirstOrThrow>>;

/** A stored invoice as the provider interface's. */
export const toLocalInvoice = (row: InvoiceRow): ProviderInvoice => ({
  id: row.id,
  number: row.number,
  status: row.status === "paid" ? "paid" : "open",
  url: null,
  amount: Math.max(row.total, 0),
  currency: row.currency,
  subtotal: row.subtotal,
  discount: row.discount,
  tax: row.tax,
  // What it charged, after the customer's balance: never negative (a credit went to the balance).
  total: Math.max(row.total, 0),
  lines: (row.lines as unknown as InvoiceLine[]).map((line) => ({ ...line, endedAt: line.endedAt ? new Date(line.endedAt) : null })),
  createdAt: row.createdAt,
});
