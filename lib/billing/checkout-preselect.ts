import { PLAN_SLUGS, type Interval, type PlanSlug } from "./plans";

export type CheckoutPreselect = { plan: PlanSlug; interval: Interval };

/**
 * Checkout opened from an address (spec section 2: "it can be opened with a preselected plan slug
 * and recurrence slug"): `/settings/ws/billing?checkout=<plan>&period=<month|year>`. An unknown
 * plan opens nothing; a missing or unknown period is the year, the toggle's default.
 */
export function checkoutPreselect(query: { checkout?: string | string[]; period?: string | string[] }): CheckoutPreselect | null {
  const plan = typeof query.checkout === "string" ? query.checkout : null;
  if (!plan || !(PLAN_SLUGS as readonly string[]).includes(plan)) return null;
  return { plan: plan as PlanSlug, interval: query.period === "month" ? "month" : "year" };
}

/** The address that opens checkout with a plan (and a period) preselected. */
export const checkoutHref = (plan: string, interval?: Interval) =>
  `/settings/ws/billing?checkout=${encodeURIComponent(plan)}${interval ? `&period=${interval}` : ""}`;
