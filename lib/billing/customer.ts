import { db } from "@/lib/db";
import { requireAccount, type ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { billingProvider } from "./billing-provider";
import type { CustomerDetails } from "./provider";

/** What the provider knows of the workspace: its billing name, email and address. */
export async function customerDetails(accountId: string): Promise<CustomerDetails> {
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId } });
  const contact = (account.contact ?? {}) as { billing?: unknown };
  return {
    accountId,
    name: account.legalName ?? account.name,
    email: typeof contact.billing === "string" ? contact.billing : null,
    address: (account.address as Record<string, string | null> | null) ?? null,
    taxId: account.taxId,
  };
}

/** The workspace's customer at the provider, made on first need (one per workspace, whoever asks first). */
export async function ensureCustomer(ctx: ServiceContext): Promise<string> {
  requireAccount(ctx);
  const provider = billingProvider();
  const existing = await db.billingCustomer.findUnique({ where: { accountId: ctx.accountId } });
  if (existing?.provider === provider.name) return existing.customerId;
  const customerId = await provider.createCustomer(await customerDetails(ctx.accountId));
  await db.billingCustomer.upsert({
    where: { accountId: ctx.accountId },
    create: { accountId: ctx.accountId, provider: provider.name, customerId },
    update: { provider: provider.name, customerId },
  });
  return customerId;
}

/** The customer if one exists already (reads that need none answer empty). */
export async function existingCustomer(ctx: ServiceContext): Promise<string | null> {
  requireAccount(ctx);
  const row = await db.billingCustomer.findUnique({ where: { accountId: ctx.accountId } });
  return row?.provider === billingProvider().name ? row.customerId : null;
}

const LEASE_MS = 60_000;

/**
 * Runs a change of plan alone for the workspace: a second one while the first runs is refused
 * (CONFLICT), so two confirms at once make one subscription. The hold lapses after a minute if a
 * process dies holding it.
 */
export async function withBillingLease<T>(ctx: ServiceContext, work: (customerId: string) => Promise<T>): Promise<T> {
  requireAccount(ctx);
  const customerId = await ensureCustomer(ctx);
  const now = new Date();
  const taken = await db.billingCustomer.updateMany({
    where: { accountId: ctx.accountId, OR: [{ busyUntil: null }, { busyUntil: { lt: now } }] },
    data: { busyUntil: new Date(now.getTime() + LEASE_MS) },
  });
  if (taken.count === 0)
    throw new AppError(AppErrorCode.CONFLICT, { message: "A change of plan is already under way. Try again in a moment." });
  try {
    return await work(customerId);
  } finally {
    await db.billingCustomer.updateMany({ where: { accountId: ctx.accountId }, data: { busyUntil: null } });
  }
}
