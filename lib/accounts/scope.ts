/**
 * SECURITY-CRITICAL. The only `where` clauses allowed for account-owned rows: each one pins
 * `accountId` to the caller's account, so another account's rows are simply not found.
 * A change here comes with a test showing another account still sees nothing.
 */
import { requireAccount, type ServiceContext } from "@/lib/auth/context";

export function accountScope(ctx: ServiceContext): { accountId: string } {
  requireAccount(ctx);
  return { accountId: ctx.accountId };
}
