import "server-only";
import type { ServiceContext } from "@/lib/auth/context";
import { can } from "@/lib/auth/permissions";
import { accountScope } from "./scope";
import { findAccountAdministrators } from "./find-account-administrators";

export type UpgradeContact = {
  /** The account's plan (spec section 9 slugs; an unknown slug shows as it is stored). */
  plan: string;
  /**
   * Where "Upgrade now" leads: checkout (the billing screen; the prompt adds the plan) for whoever
   * manages billing, else the configured sales page, else a mail to the administrators.
   */
  href: string | null;
  kind: "checkout" | "url" | "administrators" | "none";
};

/**
 * Where the upgrade prompt's "Upgrade now" leads for the caller (decision in docs/upgrade.md):
 * checkout when the caller may manage billing (issue 17); else `UPGRADE_CONTACT_URL` when
 * configured; else a `mailto:` to the workspace's administrators (the people who change the plan),
 * the caller left out; else nothing, and the prompt tells them to ask an administrator. Reads only
 * the caller's account.
 */
export async function getUpgradeContact(ctx: ServiceContext): Promise<UpgradeContact> {
  const { accountId } = accountScope(ctx);
  const plan = ctx.plan ?? "free";
  if (can(ctx, "ManageBilling")) return { plan, href: "/settings/ws/billing", kind: "checkout" };
  const url = process.env.UPGRADE_CONTACT_URL?.trim();
  if (url) return { plan, href: url, kind: "url" };
  const administrators = (await findAccountAdministrators(accountId)).filter((user) => user.id !== ctx.userId);
  if (administrators.length === 0) return { plan, href: null, kind: "none" };
  return {
    plan,
    href: `mailto:${administrators.map((user) => encodeURIComponent(user.email).replace(/%40/g, "@")).join(",")}`,
    kind: "administrators",
  };
}
