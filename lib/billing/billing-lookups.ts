import { z } from "zod";
import { db } from "@/lib/db";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { appUrl } from "@/lib/email/send-email";
import { billingProvider } from "./billing-provider";
import { ensureCustomer } from "./customer";

export const promotionCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  coupon: z.object({
    id: z.string(),
    name: z.string().nullable(),
    percentOff: z.number().nullable(),
    amountOff: z.number().int().nullable(),
    currency: z.string().nullable(),
  }),
});

/** A promotion code's coupon, or null when the code is not valid (spec: promotionCode check). */
export async function checkPromotionCode(ctx: ServiceContext, input: { code: string }) {
  return billingProvider().findPromotionCode(input.code);
}

export const taxRateSchema = z.object({ name: z.string(), percentage: z.number() }).nullable();

/** The tax rate of the account's billing country (spec: taxRate retrieveTaxRateByAccount); null without a country or a rate. */
export async function retrieveTaxRateByAccount(ctx: ServiceContext) {
  const account = await db.account.findUniqueOrThrow({ where: { id: accountScope(ctx).accountId } });
  const rate = await billingProvider().taxRateFor((account.address as { country?: string } | null)?.country ?? null);
  return rate ? { name: rate.name, percentage: rate.percentage } : null;
}

/** Where the provider's billing portal opens for the workspace (offline: its own billing settings). */
export async function billingPortal(ctx: ServiceContext) {
  const returnUrl = `${appUrl()}/settings/ws/billing`;
  return { url: await billingProvider().portalUrl(await ensureCustomer(ctx), returnUrl) };
}
