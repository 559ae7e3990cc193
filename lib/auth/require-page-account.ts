import "server-only";
import { redirect } from "next/navigation";
import type { AccountContext } from "./context";
import { currentPagePath } from "@/lib/navigation/current-page-path";
import { isInternalUser } from "@/lib/auth/is-internal-user";
import { requirePageUser } from "./require-page-user";

/**
 * The account guard (spec "Guards"): a signed-in user without a workspace or permissions goes to
 * account creation with the page's real path and query kept (an internal user goes to registration
 * instead). `path` is the page's own path, used when proxy.ts did not forward the real one.
 */
export async function requirePageAccount(path: string): Promise<AccountContext> {
  const ctx = await requirePageUser(path);
  if (!ctx.accountId || ctx.permissions.size === 0) {
    if (await isInternalUser(ctx)) redirect("/signup");
    redirect(`/create-account?redirect=${encodeURIComponent(await currentPagePath(path))}`);
  }
  return ctx as AccountContext;
}
