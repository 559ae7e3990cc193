import { BillingDetailsCard } from "@/components/billing/billing-details-card";
import { Checkout } from "@/components/billing/checkout";
import { InvoicesCard } from "@/components/billing/invoices-card";
import { PaymentMethodsCard } from "@/components/billing/payment-methods-card";
import { PlansSummary } from "@/components/billing/plans-summary";
import { WorkspacePage } from "@/components/workspace/workspace-page";
import { can } from "@/lib/auth/permissions";
import { requirePageAccount } from "@/lib/auth/require-page-account";
import { getBillingDetails } from "@/lib/billing/billing-details";
import { checkoutPreselect } from "@/lib/billing/checkout-preselect";
import { listPaymentMethods } from "@/lib/billing/payment-methods";
import { listProducts } from "@/lib/billing/products";
import { stripePublishableKey } from "@/lib/billing/publishable-key";
import { listSubscriptions } from "@/lib/billing/subscriptions";

export const dynamic = "force-dynamic";

/** What changes with every invoice the subscription gets (a purchase, a change of plan, a renewal): the Invoices card reads its list again then. */
const invoicesKey = (subscription: Awaited<ReturnType<typeof listSubscriptions>>[number] | null) =>
  subscription
    ? [
        subscription.id,
        subscription.items[0]?.quota,
        subscription.status,
        subscription.endsAt?.toISOString(),
        subscription.cancelAtPeriodEnds,
        subscription.paymentFailedAt?.toISOString(),
      ].join("|")
    : "";

type Search = Promise<{ checkout?: string | string[]; period?: string | string[] }>;

/**
 * Workspace settings → Billing (issue 17): the plan, the saved cards and the billing details.
 * `?checkout=<plan>&period=<month|year>` opens checkout with that choice (docs/billing.md).
 */
export default async function BillingPage({ searchParams }: { searchParams: Search }) {
  const ctx = await requirePageAccount("/settings/ws/billing");
  const allowed = can(ctx, "ManageBilling");
  const [cards, details, products, subscriptions] = allowed
    ? await Promise.all([listPaymentMethods(ctx), getBillingDetails(ctx), listProducts(), listSubscriptions(ctx)])
    : [[], null, [], []];
  const preselect = checkoutPreselect(await searchParams);
  const publishableKey = stripePublishableKey();
  return (
    <WorkspacePage ctx={ctx} permission="ManageBilling">
      {details && (
        <div className="flex flex-col gap-6">
          <PlansSummary plan={ctx.plan ?? "free"} products={products} subscription={subscriptions[0] ?? null} />
          <div>
            <Checkout
              products={products}
              subscription={subscriptions[0] ?? null}
              plan={ctx.plan ?? "free"}
              cards={cards}
              details={details}
              preselect={preselect}
              publishableKey={publishableKey}
            />
          </div>
          <PaymentMethodsCard cards={cards} publishableKey={publishableKey} />
          <BillingDetailsCard details={details} />
          <InvoicesCard pastDue={subscriptions[0]?.status === "past_due"} refreshKey={invoicesKey(subscriptions[0] ?? null)} />
        </div>
      )}
    </WorkspacePage>
  );
}
