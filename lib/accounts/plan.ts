import { FREE_PLAN, accountLimits } from "@/lib/billing/plans";

/**
 * The capabilities a plan may hold (spec section 6). Which plan holds which is data: the Product
 * rows of lib/billing/plans.ts; a workspace's copy (Account.planSlug, capabilities, limits) follows
 * its subscription (lib/billing/apply-plan.ts).
 */
export const ALL_CAPABILITIES = [
  "documents",
  "templates",
  "collections",
  "analytics",
  "rules",
  "workflows",
  "crm",
  "ticketing",
  "supportHelpCenter",
  "supportChat",
  "brandingColors",
  "import",
] as const;

/** What a new workspace starts with: the free plan's capabilities and monthly limits. */
export const FREE_PLAN_CAPABILITIES: string[] = FREE_PLAN.capabilities;
export const FREE_PLAN_LIMITS = accountLimits(FREE_PLAN.limits, "month", null);
