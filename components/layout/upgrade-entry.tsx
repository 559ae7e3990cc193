"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Modal } from "@/components/ui/modal";

/**
 * A menu entry whose capability is not in the plan: a star, and the upgrade prompt instead of the
 * screen (spec "Upgrade modal"). "Upgrade now" leads to the sales contact page when one is
 * configured; the checkout comes with billing.
 */
export function UpgradeEntry({ label, upgradeUrl }: { label: string; upgradeUrl: string | null }) {
  const t = useTranslations("upgrade");
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        title={t("tooltip")}
        onClick={() => setOpen(true)}
        className="flex w-full items-center justify-between rounded-md px-3 py-2 text-left text-sm font-medium text-zinc-700 hover:bg-zinc-100"
      >
        {label}
        <span aria-label={t("tooltip")} className="text-amber-500">★</span>
      </button>
      <Modal open={open} size="md" title={t("title")} onClose={() => setOpen(false)}>
        <p className="mb-3 text-zinc-700">{t("message", { feature: label })}</p>
        {upgradeUrl && (
          <a href={upgradeUrl} className="mt-4 flex min-h-10 items-center justify-center rounded-md bg-brand-600 px-4 text-sm font-medium text-white" target="_blank" rel="noreferrer">
            {t("button")}
          </a>
        )}
      </Modal>
    </>
  );
}
