/**
 * The plans as data (issue 17, docs/billing.md): free, standard and premium, each with its
 * capabilities ('name' or 'name.units'), its limits per month and its prices ("quotas", cents).
 * The migration seeds these rows and the database preparation keeps them in step
 * (lib/billing/sync-products.ts); the browser reads them through the `products` operation.
 * Plain data and pure functions: the screens import the rules below too.
 */
export const PLAN_SLUGS = ["free", "standard", "premium"] as const;
export type PlanSlug = (typeof PLAN_SLUGS)[number];
export type Interval = "month" | "year";

/** Limits per month; null means none. */
export type PlanLimits = { documents: number | null; members: number | null };

export type PlanQuota = { id: string; interval: Interval; amount: number; currency: string };

export type PlanDefinition = {
  id: string;
  slug: PlanSlug;
  name: string;
  description: string;
  position: number;
  default: boolean;
  capabilities: string[];
  limits: PlanLimits;
  upgradeSlug: PlanSlug | null;
  quotas: PlanQuota[];
};

const FREE_CAPABILITIES = ["documents", "templates", "supportHelpCenter"];
const STANDARD_CAPABILITIES = [...FREE_CAPABILITIES, "collections", "analytics", "import", "brandingColors", "supportChat"];
const PREMIUM_CAPABILITIES = [...STANDARD_CAPABILITIES, "rules", "workflows", "crm", "ticketing"];

/** Plan default currency (spec section 9). */
export const PLAN_CURRENCY = "eur";

const quota = (slug: PlanSlug, interval: Interval, amount: number): PlanQuota => ({
  id: `quota_${slug}_${interval}`,
  interval,
  amount,
  currency: PLAN_CURRENCY,
});

export const PLANS: readonly PlanDefinition[] = [
  {
    id: "product_free",
    slug: "free",
    name: "Free",
    description: "For trying the workspace out.",
    position: 0,
    default: true,
    capabilities: FREE_CAPABILITIES,
    limits: { documents: 100, members: 3 },
    upgradeSlug: "standard",
    // One price only: the free plan uses its yearly quota for the month too (freePlanQuota).
    quotas: [quota("free", "year", 0)],
  },
  {
    id: "product_standard",
    slug: "standard",
    name: "Standard",
    description: "For teams that run their contracts here.",
    position: 1,
    default: false,
    capabilities: STANDARD_CAPABILITIES,
    limits: { documents: 1000, members: 20 },
    upgradeSlug: "premium",
    quotas: [quota("standard", "month", 2900), quota("standard", "year", 29000)],
  },
  {
    id: "product_premium",
    slug: "premium",
    name: "Premium",
    description: "Every feature, no limits.",
    position: 2,
    default: false,
    capabilities: PREMIUM_CAPABILITIES,
    limits: { documents: null, members: null },
    upgradeSlug: null,
    quotas: [quota("premium", "month", 7900), quota("premium", "year", 79000)],
  },
];

export const planBySlug = (slug: string): PlanDefinition => PLANS.find((plan) => plan.slug === slug) ?? PLANS[0];
export const FREE_PLAN = PLANS[0];

/** The quota a plan is bought with for an interval; the free plan has one, used for month and year alike. */
export function quotaFor<Q extends { interval: Interval }>(plan: { slug: string; quotas: readonly Q[] }, interval: Interval): Q | null {
  if (plan.slug === "free") return plan.quotas.find((q) => q.interval === "year") ?? plan.quotas[0] ?? null;
  return plan.quotas.find((q) => q.interval === interval) ?? null;
}

/** Cents to the currency's units (spec: amounts are in cents, divided by 100). */
export const fromCents = (cents: number) => cents / 100;

/** A yearly price's monthly equivalent, in cents: yearly / 12. */
export const yearlyMonthlyEquivalent = (yearlyCents: number) => yearlyCents / 12;

/** What a year of the yearly price saves against twelve monthly ones, in cents: (monthly − yearly/12) × 12. */
export const yearlySavings = (monthlyCents: number, yearlyCents: number) => (monthlyCents - yearlyMonthlyEquivalent(yearlyCents)) * 12;

/** A document limit for a recurrence: the monthly value, ×12 for a yearly one; null stays unlimited. */
export const limitForInterval = (perMonth: number | null, interval: Interval) =>
  perMonth === null ? null : interval === "year" ? perMonth * 12 : perMonth;

/** The label of the plan picker's button for one plan (spec section 2, checkout). */
export type PlanButton = "currentPlan" | "planSelected" | "selectNewBillingPeriod" | "downgradeToFree" | "selectPlan";

export function planButton(input: {
  plan: string;
  interval: Interval;
  current: { plan: string; interval: Interval; cancelAtPeriodEnd: boolean };
  selected: { plan: string; interval: Interval } | null;
}): { label: PlanButton; disabled: boolean } {
  const { plan, interval, current, selected } = input;
  const isCurrent = plan === current.plan && (plan === "free" || interval === current.interval);
  if (isCurrent) return { label: "currentPlan", disabled: !current.cancelAtPeriodEnd };
  if (selected && selected.plan === plan && (plan === "free" || selected.interval === interval))
    return { label: "planSelected", disabled: true };
  if (plan === current.plan) return { label: "selectNewBillingPeriod", disabled: false };
  if (plan === "free") return { label: "downgradeToFree", disabled: current.cancelAtPeriodEnd };
  return { label: "selectPlan", disabled: false };
}

/** The confirm button's text (spec section 9). */
export type ConfirmLabel = "confirmAndPay" | "confirmAndRenew" | "confirm";

export function confirmLabel(input: { invoiceAmount: number; chosenQuotaId: string | null; currentQuotaId: string | null }): ConfirmLabel {
  if (input.invoiceAmount > 0) return "confirmAndPay";
  if (input.chosenQuotaId && input.chosenQuotaId === input.currentQuotaId) return "confirmAndRenew";
  return "confirm";
}

/** Confirm is enabled for the free plan, or with both a payment method and a billing country (spec section 5). */
export const confirmEnabled = (input: { plan: string; hasPaymentMethod: boolean; billingCountry: string | null | undefined }) =>
  input.plan === "free" || (input.hasPaymentMethod && !!input.billingCountry);

/** The limits a workspace's copy holds: the plan's, ×12 for a yearly subscription, and the window they count over. */
export type AccountLimits = { documents: number | null; members: number | null; period: Interval; periodStart: string | null };

export function accountLimits(plan: PlanLimits, interval: Interval, periodStart: Date | null): AccountLimits {
  return {
    documents: limitForInterval(plan.documents, interval),
    members: plan.members,
    period: interval,
    periodStart: interval === "year" && periodStart ? periodStart.toISOString() : null,
  };
}

/** One limit as the billing screen shows it: what is used against the plan's maximum (null: unlimited). */
export type LimitUsage = { used: number; max: number | null };

/** How full a limit is, 0 to 1 (an unlimited one is never full). */
export const usageRatio = ({ used, max }: LimitUsage) => (max === null ? 0 : max <= 0 ? 1 : Math.min(1, used / max));

/** The feature a capability stands for: 'name.units' counts units of 'name'. */
export const capabilityName = (capability: string) => capability.split(".")[0];
