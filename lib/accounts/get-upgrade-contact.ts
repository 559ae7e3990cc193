import "server-only";
import type { ServiceContext } from "@/lib/auth/context";
import { accountScope } from "./scope";
import { findAccountAdministrators } from "./find-account-administrators";

export type UpgradeContact = {
  /** The account's plan (spec section 9 slugs; an unknown slug shows as it is stored). */
  plan: string;
  /** Where "Upgrade now" leads: the configured sales page, else a mail to the administrators. */
  href: string | null;
  kind: "url" | "administrators" | "none";
};

/**
 * Where the upgrade prompt's "Upgrade now" leads for the caller (decision in docs/upgrade.md):
 * `UPGRADE_CONTACT_URL` when configured; else, since plans cannot be changed in the app until
 * billing lands, a `mailto:` to the workspace's administrators (the people who will change the
 * plan), the caller left out; else (the caller is the only administrator) nothing, and the prompt
 * says so. Reads only the caller's account.
 */
export async function getUpgradeContact(ctx: ServiceContext): Promise<UpgradeContact> {
  const { accountId } = accountScope(ctx);
  const plan = ctx.plan ?? "free";
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
