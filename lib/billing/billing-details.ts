import { z } from "zod";
import { db } from "@/lib/db";
import { lockRow } from "@/lib/database/lock-row";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "@/lib/accounts/scope";
import { COUNTRY_CODES } from "@/lib/i18n/countries";
import { billingProvider } from "./billing-provider";
import { customerDetails, existingCustomer } from "./customer";

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);

/**
 * The billing form (spec section 5): legal name, address line 1, city, state, postal code and
 * country are required; line 2 and the tax id are optional (empty becomes null). The billing
 * email is the account's billing contact (spec Account contact.billing).
 */
export const billingDetailsSchema = z
  .object({
    legalName: text(200),
    address: z
      .object({
        line1: text(200),
        line2: optionalText(200),
        city: text(100),
        state: text(100),
        postalCode: text(20),
        country: z
          .string()
          .trim()
          .toUpperCase()
          .refine((code) => COUNTRY_CODES.includes(code), { message: "country" }),
      })
      .strict(),
    taxId: optionalText(32),
    billingEmail: z.string().trim().toLowerCase().email().max(254).nullish(),
  })
  .strict();

export const billingDetailsOutput = z.object({
  legalName: z.string().nullable(),
  address: z
    .object({
      line1: z.string().nullable(),
      line2: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      postalCode: z.string().nullable(),
      country: z.string().nullable(),
    })
    .nullable(),
  tax: z.object({ taxId: z.string().nullable() }),
  billingEmail: z.string().nullable(),
});

type Account = { legalName: string | null; address: unknown; taxId: string | null; contact: unknown };

export const toBillingDetails = (account: Account): z.infer<typeof billingDetailsOutput> => {
  const address = account.address as Record<string, string | null> | null;
  const contact = (account.contact ?? {}) as { billing?: unknown };
  return {
    legalName: account.legalName,
    address: address
      ? {
          line1: address.line1 ?? null,
          line2: address.line2 ?? null,
          city: address.city ?? null,
          state: address.state ?? null,
          postalCode: address.postalCode ?? null,
          country: address.country ?? null,
        }
      : null,
    tax: { taxId: account.taxId },
    billingEmail: typeof contact.billing === "string" ? contact.billing : null,
  };
};

export async function getBillingDetails(ctx: ServiceContext) {
  return toBillingDetails(await db.account.findUniqueOrThrow({ where: { id: accountScope(ctx).accountId } }));
}

/** Saves the billing details (audited) and hands them to the provider's customer, when there is one. */
export async function updateBillingDetails(ctx: ServiceContext, input: z.infer<typeof billingDetailsSchema>) {
  const { accountId } = accountScope(ctx);
  const updated = await db.$transaction(async (tx) => {
    // Locked: `contact` keeps the keys another write changed at the same time.
    await lockRow(tx, "Account", accountId);
    const account = await tx.account.findUniqueOrThrow({ where: { id: accountId } });
    const contact = {
      ...((account.contact ?? {}) as object),
      ...(input.billingEmail !== undefined ? { billing: input.billingEmail } : {}),
    };
    const saved = await tx.account.update({
      where: { id: accountId },
      data: { legalName: input.legalName, address: input.address, taxId: input.taxId, contact },
    });
    await recordAudit(tx, ctx, {
      eventType: "account.billingDetailsUpdated",
      targetType: "account",
      targetId: accountId,
      payload: { country: input.address.country },
    });
    return saved;
  });
  const customerId = await existingCustomer(ctx);
  if (customerId) await billingProvider().updateCustomer(customerId, await customerDetails(accountId));
  return toBillingDetails(updated);
}
