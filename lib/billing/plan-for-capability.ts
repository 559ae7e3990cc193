import { PLANS, planBySlug, type PlanDefinition, type PlanSlug } from "./plans";

/** Whether a plan's capability list grants `capability` ('name' grants 'name'; 'name.units' grants 'name' too). */
const grants = (capabilities: readonly string[], capability: string) =>
  capabilities.some((granted) => granted === capability || granted.startsWith(`${capability}.`));

/** The cheapest plan's price in cents for a month (the yearly one / 12 when no monthly exists; the free plan is 0). */
const monthlyCents = (plan: PlanDefinition) => {
  const month = plan.quotas.find((q) => q.interval === "month");
  if (month) return month.amount;
  const year = plan.quotas.find((q) => q.interval === "year");
  return year ? year.amount / 12 : 0;
};

/**
 * The plan the upgrade prompt opens checkout for: the cheapest plan whose capabilities include
 * `capability` (issue 17; ties go to the plan listed first). Null when no plan grants it (the
 * prompt then opens the plan picker without a choice).
 */
export function planForCapability(capability: string, plans: readonly PlanDefinition[] = PLANS): PlanSlug | null {
  const candidates = plans.filter((plan) => plan.slug !== "free" && grants(plan.capabilities, capability));
  if (candidates.length === 0) return null;
  return candidates.reduce((best, plan) => (monthlyCents(plan) < monthlyCents(best) ? plan : best)).slug;
}

/**
 * The plan the prompt offers when a limit of the current plan is reached (PLAN_LIMIT_REACHED):
 * the plan the current one upgrades to, null on the top plan.
 */
export const planForLimit = (currentPlan: string): PlanSlug | null => planBySlug(currentPlan).upgradeSlug;
