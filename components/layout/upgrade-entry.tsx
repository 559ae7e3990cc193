"use client";

import { useTranslations } from "@/lib/i18n/client";
import { Suspense, useState } from "react";
import type { UpgradeContact } from "@/lib/accounts/get-upgrade-contact";
import { LazyUpgradeModal } from "./lazy-upgrade-modal";

/**
 * A menu entry whose capability is not in the plan: a star, and the upgrade prompt
 * (upgrade-modal.tsx, loaded on the first click and kept, so closing it returns focus here)
 * instead of the screen.
 */
export function UpgradeEntry({ label, capability, contact }: { label: string; capability: string | null; contact: UpgradeContact | null }) {
  const t = useTranslations("upgrade");
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        title={t("tooltip")}
        onClick={() => (setLoaded(true), setOpen(true))}
        className="flex w-full items-center justify-between rounded-md px-3 py-2 text-left text-sm font-medium text-zinc-700 hover:bg-zinc-100"
      >
        {label}
        <span aria-label={t("tooltip")} role="img" className="text-amber-500">
          ★
        </span>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <LazyUpgradeModal open={open} feature={label} capability={capability} contact={contact} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
