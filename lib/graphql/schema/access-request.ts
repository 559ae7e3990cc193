import { requestAccountAccessOperation } from "@/lib/accounts/request-access-operations";
import { resolveOperation } from "@/lib/operations/graphql";
import { builder } from "../builder";

const AccountAccessRequest = builder.simpleObject("AccountAccessRequest", {
  fields: (t) => ({
    requestedAt: t.field({ type: "DateTime" }),
    /** How many administrators were written to. */
    recipients: t.int(),
  }),
});

// Spec section 7 names no operation for the home's request-access button; ours.
builder.mutationField("requestAccountAccess", (t) =>
  t.field({
    type: AccountAccessRequest,
    args: { note: t.arg.string({ required: false }) },
    resolve: resolveOperation(requestAccountAccessOperation),
  }),
);
