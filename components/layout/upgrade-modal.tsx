"use client";

import { Link } from "@/components/ui/link";
import { useTranslations } from "@/lib/i18n/client";
import { useId } from "react";
import { Modal } from "@/components/ui/modal";
import type { UpgradeContact } from "@/lib/accounts/get-upgrade-contact";
import { checkoutHref } from "@/lib/billing/checkout-preselect";
import { planForCapability, planForLimit } from "@/lib/billing/plan-for-capability";

const KNOWN_PLANS = new Set(["free", "standard", "premium"]);

/**
 * The upgrade prompt (spec "Layout" and section 2): title "This is a paid feature", a message
 * naming the feature and the plan that has it, the plan badge and "Upgrade now", always shown.
 * The plan offered is the cheapest one whose capabilities include `capability`, or, past a limit
 * (no capability), the plan the current one upgrades to. Where "Upgrade now" leads is decided by
 * getUpgradeContact (docs/upgrade.md): checkout preselected with that plan for whoever manages
 * billing; else the sales page when configured, else a mail to the workspace's administrators,
 * else a disabled button and "ask an administrator". Opened by starred menu entries
 * (upgrade-entry.tsx) and by screens whose action the plan refuses (the multiple-document import).
 */
export function UpgradeModal({
  open,
  feature,
  capability = null,
  reason = null,
  contact,
  onClose,
}: {
  open: boolean;
  feature: string;
  /** The plan capability the feature needs (FEATURE_NOT_IN_PLAN's `details.capability`, a menu entry's). */
  capability?: string | null;
  /** The refusal's own text instead of the feature message (a reached limit). */
  reason?: string | null;
  contact: UpgradeContact | null;
  onClose: () => void;
}) {
  const t = useTranslations("upgrade");
  const unavailableId = useId();
  const plan = contact?.plan ?? "free";
  const nameOf = (slug: string) => (KNOWN_PLANS.has(slug) ? t(`plans.${slug}` as "plans.free") : slug);
  const planName = nameOf(plan);
  const target = capability ? planForCapability(capability) : planForLimit(plan);
  const href =
    contact?.kind === "checkout"
      ? target
        ? checkoutHref(target)
        : contact.href
      : contact?.kind === "administrators" && contact.href
        ? `${contact.href}?subject=${encodeURIComponent(t("mailSubject", { feature, plan: planName }))}`
        : (contact?.href ?? null);
  const buttonClass = "mt-4 flex min-h-10 items-center justify-center rounded-md px-4 text-sm font-medium";
  const linkClass = `${buttonClass} bg-brand-600 text-white hover:bg-brand-700`;
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
      <p className="mb-3 text-zinc-700">
        {reason ?? t("message", { feature })}
        {target && <> {t(capability ? "includedIn" : "moreIn", { plan: nameOf(target) })}</>}
      </p>
      {href && contact?.kind === "checkout" ? (
        // Checkout is ours: the billing screen opens it with the plan preselected.
        <Link href={href} className={linkClass} onClick={onClose}>
          {t("button")}
        </Link>
      ) : href ? (
        <a href={href} className={linkClass} {...(contact?.kind === "url" ? { target: "_blank", rel: "noreferrer" } : {})}>
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
