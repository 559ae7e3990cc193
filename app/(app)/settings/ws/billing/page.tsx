import { BillingDetailsCard } from "@/components/billing/billing-details-card";
import { Checkout } from "@/components/billing/checkout";
import { InvoicesCard } from "@/components/billing/invoices-card";
import { PaymentMethodsCard } from "@/components/billing/payment-methods-card";
import { PlansSummary } from "@/components/billing/plans-summary";
import { WorkspacePage } from "@/components/workspace/workspace-page";
import { getTranslations } from "next-intl/server";
import { accountScope } from "@/lib/accounts/scope";
import { getUpgradeContact } from "@/lib/accounts/get-upgrade-contact";
import { can } from "@/lib/auth/permissions";
import { requirePageAccount } from "@/lib/auth/require-page-account";
import { getBillingDetails } from "@/lib/billing/billing-details";
import { checkoutPreselect } from "@/lib/billing/checkout-preselect";
import { listPaymentMethods } from "@/lib/billing/payment-methods";
import { listProducts } from "@/lib/billing/products";
import { stripePublishableKey } from "@/lib/billing/publishable-key";
import { listSubscriptions } from "@/lib/billing/subscriptions";
import { workspaceUsage } from "@/lib/billing/usage";
import { countryOptions } from "@/lib/i18n/countries";

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
 *
 * The country names of the billing address are made here, once, in the reader's language, and
 * handed to the browser: its own Intl named four countries differently from the server's (a
 * hydration error).
 */
export default async function BillingPage({ searchParams }: { searchParams: Search }) {
  const ctx = await requirePageAccount("/settings/ws/billing");
  const allowed = can(ctx, "ManageBilling");
  const [cards, details, products, subscriptions, usage, contact, t] = await Promise.all([
    allowed ? listPaymentMethods(ctx) : [],
    allowed ? getBillingDetails(ctx) : null,
    allowed ? listProducts() : [],
    allowed ? listSubscriptions(ctx) : [],
    allowed ? workspaceUsage(accountScope(ctx).accountId) : null,
    allowed ? getUpgradeContact(ctx) : null,
    getTranslations("billing"),
  ]);
  const countries = allowed ? countryOptions(ctx.locale) : [];
  const preselect = checkoutPreselect(await searchParams);
  const publishableKey = stripePublishableKey();
  return (
    <WorkspacePage ctx={ctx} permission="ManageBilling">
      {details && usage && (
        <div className="flex flex-col gap-6">
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          <PlansSummary
            plan={ctx.plan ?? "free"}
            products={products}
            subscription={subscriptions[0] ?? null}
            usage={usage}
            capabilities={[...ctx.capabilities]}
            contact={contact}
          />
          <div>
            <Checkout
              products={products}
              subscription={subscriptions[0] ?? null}
              plan={ctx.plan ?? "free"}
              cards={cards}
              details={details}
              countries={countries}
              capabilities={[...ctx.capabilities]}
              preselect={preselect}
              publishableKey={publishableKey}
            />
          </div>
          <PaymentMethodsCard cards={cards} publishableKey={publishableKey} />
          <BillingDetailsCard details={details} countries={countries} />
          <InvoicesCard pastDue={subscriptions[0]?.status === "past_due"} refreshKey={invoicesKey(subscriptions[0] ?? null)} />
        </div>
      )}
    </WorkspacePage>
  );
}
