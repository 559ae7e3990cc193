import type { ServiceContext } from "@/lib/auth/context";
import { AppError, AppErrorCode } from "@/lib/errors/app-error";

/**
 * A feature of the workspace's plan (`Account.capabilities`, spec section 10): FEATURE_NOT_IN_PLAN
 * (403, naming the feature) when the plan lacks it, which the screens answer with an upgrade prompt
 * (`details.capability` picks the plan it offers, as lib/billing/plan-enforcement.ts does).
 */
export function assertPlanCapability(ctx: ServiceContext, capability: string) {
  if (!ctx.capabilities.has(capability)) {
    throw new AppError(AppErrorCode.FEATURE_NOT_IN_PLAN, {
      message: "This is a paid feature. Upgrade your plan to activate this feature.",
      params: { feature: capability },
      details: { capability, plan: ctx.plan },
    });
  }
}
