"use client";

import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe, type StripeCardElementChangeEvent, type StripeError } from "@stripe/stripe-js";
import { useTranslations } from "@/lib/i18n/client";
import { useEffect, useId, useRef, useState } from "react";
import { cardErrorKey, type ConfirmCardSetup } from "./card-errors";

const loaded = new Map<string, Promise<Stripe | null>>();
/** One Stripe.js per key for the page's lifetime (Stripe asks for loadStripe to be called once). */
const stripeFor = (key: string) => {
  let stripe = loaded.get(key);
  if (!stripe) loaded.set(key, (stripe = loadStripe(key)));
  return stripe;
};

/**
 * Stripe's card element (spec sections 2 and 4): postal code hidden; when complete it is
 * tokenized and the token handed up, an error shows beneath the field otherwise. Loaded lazily by
 * card-field.tsx, only with a publishable key.
 */
export function StripeCardField({
  publishableKey,
  onToken,
  onConfirmer,
}: {
  publishableKey: string;
  onToken: (token: string | null) => void;
  onConfirmer: (confirm: ConfirmCardSetup | null) => void;
}) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCard onToken={onToken} onConfirmer={onConfirmer} />
    </Elements>
  );
}

function StripeCard({
  onToken,
  onConfirmer,
}: {
  onToken: (token: string | null) => void;
  onConfirmer: (confirm: ConfirmCardSetup | null) => void;
}) {
  const t = useTranslations("billing");
  const stripe = useStripe();
  const elements = useElements();
  const labelId = useId();
  const [error, setError] = useState<string | null>(null);
  // Only the latest change's token counts (tokenizing is asynchronous).
  const latest = useRef(0);

  const message = (failure: Pick<StripeError, "code" | "decline_code" | "message">) => {
    const key = cardErrorKey({ code: failure.code, declineCode: failure.decline_code }, (k) => t.has(k));
    return key ? t(key as "cardErrors.card_declined") : (failure.message ?? t("cardErrors.card_declined"));
  };

  useEffect(() => {
    if (!stripe) return;
    onConfirmer(async (clientSecret) => {
      const result = await stripe.confirmCardSetup(clientSecret);
      return result.error ? { code: result.error.code ?? null, declineCode: result.error.decline_code ?? null } : null;
    });
    return () => onConfirmer(null);
  }, [stripe, onConfirmer]);

  async function change(event: StripeCardElementChangeEvent) {
    const turn = ++latest.current;
    onToken(null);
    if (event.error) return setError(message(event.error));
    setError(null);
    const card = elements?.getElement(CardElement);
    if (!event.complete || !stripe || !card) return;
    const result = await stripe.createToken(card);
    if (turn !== latest.current) return;
    if (result.error) setError(message(result.error));
    else onToken(result.token.id);
  }

  return (
    <div className="flex flex-col gap-1" data-testid="stripe-card-field">
      <span id={labelId} className="text-sm font-medium text-zinc-700">
        {t("cardNumber")}
      </span>
      <div className="rounded-md border border-zinc-300 px-3 py-2.5" aria-labelledby={labelId} role="group">
        <CardElement options={{ hidePostalCode: true }} onChange={change} />
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
