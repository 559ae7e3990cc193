"use client";

import { Suspense, useState } from "react";
import { LazyUpgradeModal } from "@/components/layout/lazy-upgrade-modal";
import type { UpgradeContact } from "@/lib/accounts/get-upgrade-contact";
import { capabilityName } from "@/lib/billing/plans";
import { useTranslations } from "@/lib/i18n/client";
import { useFormat } from "@/lib/i18n/use-format";

type Limits = { documents?: number | null; members?: number | null } | null | undefined;

/** A feature the workspace's plan lacks: its name, a star, and (with a contact) the upgrade prompt on a click. */
function PaidFeature({ label, capability, contact }: { label: string; capability: string; contact: UpgradeContact | null }) {
  const t = useTranslations("billing");
  const upgrade = useTranslations("upgrade");
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const star = (
    <span role="img" aria-label={upgrade("tooltip")} className="text-amber-500">
      ★
    </span>
  );
  if (!contact)
    return (
      <li data-testid="paid-feature">
        {label} {star}
      </li>
    );
  return (
    <li data-testid="paid-feature">
      <button
        type="button"
        title={upgrade("tooltip")}
        aria-label={t("paidFeature", { feature: label })}
        onClick={() => (setLoaded(true), setOpen(true))}
        className="text-left underline decoration-dotted underline-offset-2 hover:text-brand-700"
      >
        {label} {star}
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <LazyUpgradeModal open={open} feature={label} capability={capability} contact={contact} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </li>
  );
}

/**
 * A plan's limits and features in the reader's language (issue 39 item 17): documents a month and
 * members ("unlimited" for none), then each capability the plan includes; those the workspace's
 * own plan lacks (`current`) carry a star and, given a `contact`, open the upgrade prompt.
 */
export function PlanFeatures({
  plan,
  capabilities,
  limits,
  current,
  contact = null,
}: {
  /** The plan's name as shown (the list's label). */
  plan: string;
  capabilities: readonly string[];
  limits: Limits;
  /** The capabilities of the workspace's plan. */
  current: readonly string[];
  contact?: UpgradeContact | null;
}) {
  const t = useTranslations("billing");
  const format = useFormat();
  const owned = new Set(current.map(capabilityName));
  const names = [...new Set(capabilities.map(capabilityName))];
  const limit = (name: "documents" | "members") => {
    const max = limits?.[name];
    return typeof max === "number" ? t(`limits.${name}`, { count: max, max: format.number(max) }) : t(`limits.${name}Unlimited`);
  };
  return (
    <>
      <ul className="flex flex-col gap-0.5 text-zinc-700" data-testid="plan-limits">
        <li>{limit("documents")}</li>
        <li>{limit("members")}</li>
      </ul>
      <ul className="flex flex-col gap-0.5" aria-label={t("featuresLabel", { plan })} data-testid="plan-features">
        {names.map((name) => {
          const label = t.has(`features.${name}`) ? t(`features.${name}`) : name;
          return owned.has(name) ? (
            <li key={name} className="flex items-center gap-1">
              <span aria-hidden className="text-emerald-600">
                ✓
              </span>
              {label}
            </li>
          ) : (
            <PaidFeature key={name} label={label} capability={name} contact={contact} />
          );
        })}
      </ul>
    </>
  );
}
