"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useProgressRouter } from "./use-progress-router";
import { useId, useTransition } from "react";
import { callOperation } from "@/lib/client/operations";
import { switchAccountOp } from "@/lib/operations/routes/account";

/** The top bar's workspace switcher, shown when the user belongs to more than one workspace. */
export function AccountSwitcher({ accounts, current }: { accounts: { id: string; name: string }[]; current: string | null }) {
  const t = useTranslations("nav");
  const router = useProgressRouter();
  const id = useId();
  const [pending, startTransition] = useTransition();
  if (accounts.length < 2) return null;
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-zinc-600">
        {t("workspace")}
      </label>
      <select
        id={id}
        value={current ?? ""}
        disabled={pending}
        onChange={async (event) => {
          await callOperation(switchAccountOp, { accountId: event.target.value });
          startTransition(() => router.refresh());
        }}
        className="rounded-md border border-zinc-300 bg-white px-2 py-1"
      >
        {accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {account.name}
          </option>
        ))}
      </select>
    </div>
  );
}
