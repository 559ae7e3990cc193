/** Where the operations of lib/billing/payment-method-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const paymentMethodsOp = { name: "paymentMethods", method: "GET", path: "/vapp/billing/payment-methods" } as const;
export const createPaymentMethodOp = { name: "createPaymentMethod", method: "POST", path: "/vapp/billing/payment-methods" } as const;
export const confirmPaymentMethodOp = {
  name: "confirmPaymentMethod",
  method: "POST",
  path: "/vapp/billing/payment-methods/{id}/confirm",
} as const;
export const setDefaultPaymentMethodOp = {
  name: "setDefaultPaymentMethod",
  method: "PUT",
  path: "/vapp/billing/payment-methods/{id}/default",
} as const;
export const deletePaymentMethodOp = { name: "deletePaymentMethod", method: "DELETE", path: "/vapp/billing/payment-methods/{id}" } as const;
