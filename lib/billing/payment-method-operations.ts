import { z } from "zod";
import { defineOperation } from "@/lib/operations/operation";
import {
  confirmPaymentMethod,
  createPaymentMethod,
  deletePaymentMethod,
  listPaymentMethods,
  paymentMethodSchema,
  setDefaultPaymentMethod,
} from "./payment-methods";

/**
 * The workspace's cards (spec section 7: paymentMethod fetchAll, create, setDefault, delete, and
 * the confirmation step of a card that needs it), the administrator's: ManageBilling.
 */
const administrators = { callers: ["member"], permission: "ManageBilling" } as const;
const idInput = z.object({ id: z.string().min(1).max(255) }).strict();

export const paymentMethodsOperation = defineOperation({
  name: "paymentMethods",
  kind: "query",
  description: "The workspace's saved cards, the default one marked.",
  ...administrators,
  input: z.object({}).strict(),
  output: z.array(paymentMethodSchema),
  run: (ctx) => listPaymentMethods(ctx),
});

export const createPaymentMethodOperation = defineOperation({
  name: "createPaymentMethod",
  kind: "mutation",
  description:
    "Saves a card from the card field's token ({ tokenId }); metadata.clientSecret is set when the card needs confirming; a refused card is CARD_DECLINED with its decline code.",
  ...administrators,
  input: z.object({ tokenId: z.string().trim().min(1).max(255) }).strict(),
  output: paymentMethodSchema,
  run: (ctx, input) => createPaymentMethod(ctx, input),
});

export const confirmPaymentMethodOperation = defineOperation({
  name: "confirmPaymentMethod",
  kind: "mutation",
  description: "Completes saving a card once its holder confirmed it (the confirm step of a card that needs one).",
  ...administrators,
  input: idInput,
  output: paymentMethodSchema,
  ids: ["id"],
  run: (ctx, input) => confirmPaymentMethod(ctx, input),
});

export const setDefaultPaymentMethodOperation = defineOperation({
  name: "setDefaultPaymentMethod",
  kind: "mutation",
  description: "Makes one of the workspace's cards the default one.",
  ...administrators,
  input: idInput,
  output: z.boolean(),
  ids: ["id"],
  run: (ctx, input) => setDefaultPaymentMethod(ctx, input),
});

export const deletePaymentMethodOperation = defineOperation({
  name: "deletePaymentMethod",
  kind: "mutation",
  description: "Deletes a card; the last one cannot be (LAST_PAYMENT_METHOD).",
  ...administrators,
  input: idInput,
  output: paymentMethodSchema,
  ids: ["id"],
  run: (ctx, input) => deletePaymentMethod(ctx, input),
});

export const paymentMethodOperations = [
  paymentMethodsOperation,
  createPaymentMethodOperation,
  confirmPaymentMethodOperation,
  setDefaultPaymentMethodOperation,
  deletePaymentMethodOperation,
];
