"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { Modal } from "@/components/ui/modal";
import type { UpgradeContact } from "@/lib/accounts/get-upgrade-contact";

const KNOWN_PLANS = new Set(["free", "standard", "premium"]);

/**
 * The upgrade prompt (spec "Layout"): title "This is a paid feature", a message naming the
 * feature, the plan badge and "Upgrade now", always shown. Where it leads is decided by
 * getUpgradeContact (docs/upgrade.md): the sales page when configured, else a mail to the
 * workspace's administrators, else (the viewer is the only administrator) it is disabled and the
 * prompt says plan changes are not available yet. Opened by starred menu entries
 * (upgrade-entry.tsx) and by screens whose action the plan lacks (the multiple-document import).
 */
export function UpgradeModal({
  open,
  feature,
  contact,
  onClose,
}: {
  open: boolean;
  feature: string;
  contact: UpgradeContact | null;
  onClose: () => void;
}) {
  const t = useTranslations("upgrade");
  const unavailableId = useId();
  const plan = contact?.plan ?? "free";
  const planName = KNOWN_PLANS.has(plan) ? t(`plans.${plan}` as "plans.free") : plan;
  const href =
    contact?.kind === "administrators" && contact.href
      ? `${contact.href}?subject=${encodeURIComponent(t("mailSubject", { feature, plan: planName }))}`
      : (contact?.href ?? null);
  const buttonClass = "mt-4 flex min-h-10 items-center justify-center rounded-md px-4 text-sm font-medium";
  return (
    <Modal open={open} size="md" title={t("title")} onClose={onClose}>
      <p className="mb-3 flex items-center gap-2 text-sm text-zinc-600">
        {t("currentPlan")}
        <span
          data-testid="plan-badge"
          className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-200"
        >
          {planName}
        </span>
      </p>
      <p className="mb-3 text-zinc-700">{t("message", { feature })}</p>
      {href ? (
        <a
          href={href}
          className={`${buttonClass} bg-brand-600 text-white hover:bg-brand-700`}
          {...(contact?.kind === "url" ? { target: "_blank", rel: "noreferrer" } : {})}
        >
          {t("button")}
        </a>
      ) : (
        <>
          <button
            type="button"
            disabled
            aria-describedby={unavailableId}
            className={`${buttonClass} w-full cursor-not-allowed bg-zinc-200 text-zinc-500`}
          >
            {t("button")}
          </button>
          <p id={unavailableId} className="mt-2 text-sm text-zinc-500">
            {t("unavailable")}
          </p>
        </>
      )}
      {contact?.kind === "administrators" && <p className="mt-2 text-sm text-zinc-500">{t("askAdministrators")}</p>}
    </Modal>
  );
}
