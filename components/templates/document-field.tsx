"use client";

/** The frame of one field in the document form (name, help, errors). */

import { useLocale, useTranslations } from "@/lib/i18n/client";
import type { Locale } from "@/lib/i18n/locales";
import type { ReactNode } from "react";
import { STRUCTURED_TYPES } from "@/lib/templates/variable-types";
import type { Variable } from "@/lib/templates/variables";
import { currencyParts } from "./currency-parts";

/**
 * One field of the document form around its input: the name (required mark, currency, unit,
 * identity type), its help, "from the data store", and the server's verdict.
 */
export function DocumentField({
  variable: v,
  error,
  currency,
  fromDataStore,
  children,
}: {
  variable: Variable;
  error: string | undefined;
  /** The template's currency, for a currency field without its own. */
  currency: string | null;
  /** The value is still the workspace data store's. */
  fromDataStore: boolean;
  children: ReactNode;
}) {
  const t = useTranslations("templates");
  const td = useTranslations("dataStore");
  const locale = useLocale() as Locale;
  // The code and symbol of the currency the value is written in, both from it (never "$" beside "EUR").
  const money = v.type === "currency" ? currencyParts(locale, v.options.currency, currency) : null;
  const label = v.options.variableName || v.label || v.name;
  const heading = (
    <span className="flex items-center gap-2">
      {label}
      {v.required && v.type !== "formula" && (
        <span className="text-red-600" aria-hidden>
          *
        </span>
      )}
      {money && (
        <span className="text-xs text-zinc-500" data-testid="field-currency">
          {money.symbol === money.code ? money.code : `${money.code} (${money.symbol})`}
        </span>
      )}
      {v.type === "percentage" && <span className="text-xs text-zinc-500">%</span>}
      {v.type === "identity" && v.options.identityType && (
        <span className="text-xs text-zinc-500">{t(`identityTypes.${v.options.identityType}`)}</span>
      )}
    </span>
  );
  // Several inputs (address, position, rows) are a fieldset named by its legend; one input is named by its label.
  const grouped = STRUCTURED_TYPES.includes(v.type);
  const wide = grouped && v.type !== "geo";
  return (
    <div className={`flex flex-col gap-1 ${wide ? "sm:col-span-2" : ""}`} data-testid="document-field" data-name={v.name}>
      {grouped ? (
        <fieldset
          className="flex flex-col gap-2 rounded-md border border-zinc-200 p-3"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `err-${v.name}` : undefined}
        >
          <legend className="px-1 text-sm font-medium text-zinc-700">{heading}</legend>
          {children}
        </fieldset>
      ) : (
        <label className="text-sm font-medium text-zinc-700">
          {heading}
          <span className="mt-1 flex flex-col">{children}</span>
        </label>
      )}
      {v.options.helpText && <p className="text-xs text-zinc-500">{v.options.helpText}</p>}
      {fromDataStore && (
        <p className="text-xs text-zinc-500" data-testid="from-data-store">
          {td("fromDataStore")}
        </p>
      )}
      {error && (
        <p id={`err-${v.name}`} role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
