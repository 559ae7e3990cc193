"use client";

import { lazy, Suspense } from "react";

/**
 * The workspace switcher (account-switcher.tsx), in its own script: the shell shows it only to a
 * user of more than one workspace, so the others' first loads do not carry it (issue 15).
 */
const AccountSwitcher = lazy(() => import("./account-switcher").then((module) => ({ default: module.AccountSwitcher })));

/** The top bar's workspace switcher, fetched when there is more than one workspace to switch to. */
export function LazyAccountSwitcher({ accounts, current }: { accounts: { id: string; name: string }[]; current: string | null }) {
  if (accounts.length < 2) return null;
  return (
    <Suspense fallback={null}>
      <AccountSwitcher accounts={accounts} current={current} />
    </Suspense>
  );
}
