import { z } from "zod";
import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { billingProvider } from "./billing-provider";
import { ensureCustomer, existingCustomer } from "./customer";
import { PLAN_CURRENCY } from "./plans";
import type { ProviderInvoice } from "./provider";
import { priceRef, requireQuota } from "./subscriptions";
import { OPERATION_ROUTES } from "@/lib/operations/route-table";
import { idString } from "@/lib/validation/ids";
import { LIMITS } from "@/lib/validation/limits";

export const invoiceSchema = z
  .object({
    id: z.string().nullable(),
    amount: z.number().int(),
    currency: z.string(),
    subtotal: z.number().int(),
    discount: z.number().int(),
    tax: z.number().int(),
    total: z.number().int(),
    createdAt: z.date().nullable(),
    lines: z.array(
      z.object({
        type: z.enum(["unused", "remaining"]),
        quota: z.string().nullable(),
        quantity: z.number().int(),
        amount: z.number().int(),
        total: z.number().int(),
        currency: z.string(),
        endedAt: z.date().nullable(),
      }),
    ),
    taxRate: z.object({ name: z.string(), percentage: z.number() }).nullable(),
  })
  .describe("An invoice, or the upcoming one: amounts in cents.");

export const upcomingInvoiceSchema = z
  .object({
    subscription: idString().nullish(),
    prediction: z
      .object({
        cancelAtPeriodEnds: z.boolean().default(false),
        items: z.array(z.object({ quota: idString(), quantity: z.number().int().min(1).max(1000) }).strict()).length(1),
        coupon: z.string().trim().min(1).max(LIMITS.code).nullish(),
      })
      .strict(),
  })
  .strict();

const shape = (invoice: ProviderInvoice, taxRate: { name: string; percentage: number } | null) => ({
  ...invoice,
  lines: invoice.lines.map((line) => ({
    type: line.type,
    quota: line.quota,
    quantity: line.quantity,
    amount: line.amount,
    total: line.total,
    currency: line.currency,
    endedAt: line.endedAt,
  })),
  taxRate,
});

/**
 * What confirming checkout would invoice now (spec: invoice upcoming), with the account's tax
 * rate and the coupon. The free plan is a zero invoice built here, without asking the provider.
 */
export async function upcomingInvoice(ctx: ServiceContext, input: z.infer<typeof upcomingInvoiceSchema>) {
  const { accountId } = accountScope(ctx);
  const [item] = input.prediction.items;
  const quota = await requireQuota(item.quota);
  const current = await db.subscription.findUnique({ where: { accountId } });
  if (input.subscription && input.subscription !== current?.id)
    throw new AppError(AppErrorCode.NOT_FOUND, { message: "Subscription not found." });
  if (quota.product.slug === "free" || quota.amount === 0)
    return shape(
      {
        id: null,
        number: null,
        status: null,
        url: null,
        amount: 0,
        currency: quota.currency || PLAN_CURRENCY,
        subtotal: 0,
        discount: 0,
        tax: 0,
        total: 0,
        lines: [],
        createdAt: null,
      },
      null,
    );
  const provider = billingProvider();
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId } });
  const taxRate = await provider.taxRateFor((account.address as { country?: string } | null)?.country ?? null);
  const invoice = await provider.previewInvoice({
    customerId: await ensureCustomer(ctx),
    subscriptionId: current?.providerSubscriptionId ?? null,
    price: priceRef(quota),
    quantity: item.quantity,
    couponId: input.prediction.coupon ?? null,
    taxRate,
    cancelAtPeriodEnd: input.prediction.cancelAtPeriodEnds,
  });
  return shape(invoice, taxRate ? { name: taxRate.name, percentage: taxRate.percentage } : null);
}

export const invoicePageSchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(50).default(12),
    /** The cursor: the last invoice of the previous page (its `nextCursor`). */
    startingAfter: idString().nullish(),
  })
  .strict();

/** A past invoice (Stripe's invoice, or one of the offline provider's): amounts in cents. */
export const pastInvoiceSchema = z
  .object({
    id: z.string(),
    number: z.string().nullable(),
    status: z.enum(["paid", "open", "draft", "void", "uncollectible"]).nullable(),
    createdAt: z.date().nullable(),
    currency: z.string(),
    subtotal: z.number().int(),
    discount: z.number().int(),
    tax: z.number().int(),
    total: z.number().int(),
    amount: z.number().int(),
    /** Where the invoice is read: Stripe's hosted invoice page, or offline the app's receipt (invoiceReceipt). */
    url: z.string().nullable(),
  })
  .describe("A past invoice: amounts in cents; url is Stripe's invoice page or, offline, the app's receipt.");

export const invoiceListSchema = z
  .object({
    invoices: z.array(pastInvoiceSchema),
    hasMore: z.boolean(),
    nextCursor: z.string().nullable(),
  })
  .describe("A page of past invoices, newest first; nextCursor goes to startingAfter for the next page.");

/**
 * The workspace's past invoices, newest first, a page at a time (`limit`, and `startingAfter`
 * the previous page's `nextCursor`; another workspace's invoice there is NOT_FOUND). Offline,
 * each links to its receipt served by invoiceReceipt.
 */
export async function listInvoices(ctx: ServiceContext, input: z.infer<typeof invoicePageSchema>) {
  const customerId = await existingCustomer(ctx);
  const notFound = () => new AppError(AppErrorCode.NOT_FOUND, { message: "Invoice not found." });
  if (!customerId && input.startingAfter) throw notFound();
  if (!customerId) return { invoices: [], hasMore: false, nextCursor: null };
  const provider = billingProvider();
  const page = await provider.listInvoices(customerId, { limit: input.limit, startingAfter: input.startingAfter ?? null });
  if (!page) throw notFound();
  const invoices = page.invoices
    .filter((invoice): invoice is typeof invoice & { id: string } => !!invoice.id)
    .map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      status: invoice.status,
      createdAt: invoice.createdAt,
      currency: invoice.currency,
      subtotal: invoice.subtotal,
      discount: invoice.discount,
      tax: invoice.tax,
      total: invoice.total,
      amount: invoice.amount,
      url: provider.name === "local" ? receiptPath(invoice.id) : invoice.url,
    }));
  return { invoices, hasMore: page.hasMore, nextCursor: page.hasMore ? (invoices.at(-1)?.id ?? null) : null };
}

/** The app's address of an offline invoice's receipt (the invoiceReceipt download's route). */
export const receiptPath = (id: string) => OPERATION_ROUTES.invoiceReceipt.path.replace("{id}", encodeURIComponent(id));
