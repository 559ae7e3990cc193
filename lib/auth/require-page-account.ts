import "server-only";
import { redirect } from "next/navigation";
import type { AccountContext } from "./context";
import { isInternalUser } from "@/lib/users/is-internal-user";
import { requirePageUser } from "./require-page-user";

/**
 * The account guard (spec "Guards"): a signed-in user without a workspace or permissions goes to
 * account creation with the redirect kept (an internal user goes to registration instead).
 */
export async function requirePageAccount(path: string): Promise<AccountContext> {
  const ctx = await requirePageUser(path);
  if (!ctx.accountId || ctx.permissions.size === 0) {
    if (await isInternalUser(ctx)) redirect("/signup");
    redirect(`/create-account?redirect=${encodeURIComponent(path)}`);
  }
  return ctx as AccountContext;
}
