"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useEffect, useState } from "react";
import { TextField } from "@/components/ui/text-field";
import { localToken, luhnValid } from "@/lib/billing/local-cards";

/**
 * The offline provider's card field (docs/billing.md), where Stripe's card element would stand:
 * number and expiry, no postal code. It emits a token once the card is complete and valid (Luhn,
 * month 1–12, not expired), null otherwise; only test numbers are ever typed here.
 */
export function LocalCardField({ onToken }: { onToken: (token: string | null) => void }) {
  const t = useTranslations("billing");
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const digits = number.replace(/\D/g, "");
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  const month = match ? Number(match[1]) : 0;
  const year = match ? (match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2])) : 0;
  const now = new Date();
  const expiryValid =
    month >= 1 && month <= 12 && (year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1));
  const numberValid = luhnValid(digits);
  const token = numberValid && expiryValid ? localToken(digits, month, year) : null;

  useEffect(() => onToken(token), [token, onToken]);

  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_8rem]" data-testid="local-card-field">
      <TextField
        label={t("cardNumber")}
        inputMode="numeric"
        autoComplete="cc-number"
        value={number}
        onChange={(e) => setNumber(e.target.value)}
        placeholder="4242 4242 4242 4242"
        error={digits.length >= 12 && !numberValid ? t("cardErrors.invalid_number") : null}
      />
      <TextField
        label={t("cardExpiry")}
        autoComplete="cc-exp"
        value={expiry}
        onChange={(e) => setExpiry(e.target.value)}
        placeholder={t("cardExpiryPlaceholder")}
        error={match && !expiryValid ? t("cardErrors.invalid_expiry") : null}
      />
    </div>
  );
}
