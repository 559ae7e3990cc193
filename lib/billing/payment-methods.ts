import { z } from "zod";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { billingProvider } from "./billing-provider";
import { ensureCustomer, existingCustomer } from "./customer";
import { CardError, type ProviderCard } from "./provider";

/** A saved card as the screens show it (spec section 3, Payment method). */
export const paymentMethodSchema = z.object({
  id: z.string(),
  brand: z.string(),
  lastDigits: z.string(),
  expirationMonth: z.number().int(),
  expirationYear: z.number().int(),
  isExpired: z.boolean(),
  default: z.boolean(),
  metadata: z.object({ clientSecret: z.string().nullable() }),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export function toPaymentMethod(card: ProviderCard, now = new Date()): PaymentMethod {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return {
    id: card.id,
    brand: card.brand,
    lastDigits: card.lastDigits,
    expirationMonth: card.expirationMonth,
    expirationYear: card.expirationYear,
    isExpired: card.expirationYear < year || (card.expirationYear === year && card.expirationMonth < month),
    default: card.default,
    metadata: { clientSecret: card.clientSecret },
  };
}

/** A refused card as the API's error, with the provider's codes for the screens' messages. */
export function cardFailure(error: unknown): unknown {
  if (!(error instanceof CardError)) return error;
  return new AppError(AppErrorCode.CARD_DECLINED, {
    message: error.message,
    details: { code: error.code, declineCode: error.declineCode },
  });
}

export async function listPaymentMethods(ctx: ServiceContext): Promise<PaymentMethod[]> {
  const customerId = await existingCustomer(ctx);
  if (!customerId) return [];
  return (await billingProvider().listCards(customerId)).map((card) => toPaymentMethod(card));
}

/** One of the workspace's cards, or NOT_FOUND (another workspace's card is not found either). */
async function requireCard(ctx: ServiceContext, id: string) {
  const customerId = await existingCustomer(ctx);
  const cards = customerId ? await billingProvider().listCards(customerId) : [];
  const card = cards.find((c) => c.id === id);
  if (!customerId || !card) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Payment method not found." });
  return { customerId, card, cards };
}

const audit = (ctx: ServiceContext, eventType: string, card: ProviderCard) =>
  db.$transaction((tx) =>
    recordAudit(tx, ctx, {
      eventType,
      targetType: "paymentMethod",
      targetId: card.id,
      payload: { brand: card.brand, lastDigits: card.lastDigits },
    }),
  );

/**
 * Saves a card from its token (spec: paymentMethod create with {tokenId}): a card needing the
 * holder's confirmation comes back with metadata.clientSecret and is listed once confirmed; a
 * refused one is CARD_DECLINED with the provider's decline code.
 */
export async function createPaymentMethod(ctx: ServiceContext, input: { tokenId: string }): Promise<PaymentMethod> {
  const customerId = await ensureCustomer(ctx);
  const card = await billingProvider()
    .addCard(customerId, input.tokenId)
    .catch((error) => {
      throw cardFailure(error);
    });
  await audit(ctx, card.clientSecret ? "paymentMethod.pending" : "paymentMethod.created", card);
  return toPaymentMethod(card);
}

/** After the holder confirmed the card's setup (the card field's confirm step). */
export async function confirmPaymentMethod(ctx: ServiceContext, input: { id: string }): Promise<PaymentMethod> {
  const customerId = await existingCustomer(ctx);
  const card = customerId
    ? await billingProvider()
        .confirmCard(customerId, input.id)
        .catch((error) => {
          throw cardFailure(error);
        })
    : null;
  if (!card) throw new AppError(AppErrorCode.NOT_FOUND, { message: "Payment method not found." });
  await audit(ctx, "paymentMethod.created", card);
  return toPaymentMethod(card);
}

export async function setDefaultPaymentMethod(ctx: ServiceContext, input: { id: string }): Promise<boolean> {
  const { customerId, card } = await requireCard(ctx, input.id);
  if (card.default) return true;
  await billingProvider().setDefaultCard(customerId, card.id);
  await audit(ctx, "paymentMethod.defaultSet", card);
  return true;
}

/** Deletes a card that is not the last (spec section 6); deleting the default one makes the next the default. */
export async function deletePaymentMethod(ctx: ServiceContext, input: { id: string }): Promise<PaymentMethod> {
  const { customerId, card, cards } = await requireCard(ctx, input.id);
  if (cards.length <= 1)
    throw new AppError(AppErrorCode.LAST_PAYMENT_METHOD, { message: "The only payment method cannot be deleted. Add another one first." });
  const provider = billingProvider();
  if (card.default) await provider.setDefaultCard(customerId, cards.find((c) => c.id !== card.id)!.id);
  await provider.deleteCard(customerId, card.id);
  await audit(ctx, "paymentMethod.deleted", card);
  return toPaymentMethod({ ...card, default: false });
}
