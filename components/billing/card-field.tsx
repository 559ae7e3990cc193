"use client";

import { useTranslations } from "@/lib/i18n/client";
import { lazy, Suspense } from "react";
import type { ConfirmCardSetup } from "./card-errors";
import { LocalCardField } from "./local-card-field";

// Stripe.js and its React bindings load only when a publishable key is configured: the offline
// build's bundle does not carry them (tests/unit/billing/card-field.test.ts).
const StripeCardField = lazy(() => import("./stripe-card-field").then((module) => ({ default: module.StripeCardField })));

/**
 * The add-card form's secure card field (spec section 2): Stripe's card element (postal code
 * hidden) when the page has a publishable key, else the offline provider's field. Either emits a
 * token once the card is complete and valid, null otherwise; Stripe's also hands over how to
 * confirm a card that needs its holder.
 */
export function CardField({
  publishableKey,
  onToken,
  onConfirmer,
}: {
  publishableKey: string | null;
  onToken: (token: string | null) => void;
  onConfirmer: (confirm: ConfirmCardSetup | null) => void;
}) {
  const t = useTranslations("common");
  if (!publishableKey) return <LocalCardField onToken={onToken} />;
  return (
    <Suspense fallback={<p className="text-sm text-zinc-500">{t("loading")}</p>}>
      <StripeCardField publishableKey={publishableKey} onToken={onToken} onConfirmer={onConfirmer} />
    </Suspense>
  );
}
