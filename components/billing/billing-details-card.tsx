"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useId, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { useAction } from "@/components/ui/use-action";
import { callOperation, type OperationOutput } from "@/lib/client/operations";
import type { CountryOption } from "@/lib/i18n/countries";
import { updateBillingDetailsOp } from "@/lib/operations/routes/billing";

type Details = OperationOutput<"billingDetails">;
const ADDRESS = ["line1", "line2", "city", "state", "postalCode", "country"] as const;
type Address = Record<(typeof ADDRESS)[number], string>;

const hasAny = (details: Details) => !!details.legalName || !!details.tax.taxId || ADDRESS.some((key) => details.address?.[key]);

/**
 * The billing details card (spec sections 2 and 5): a read view with grey placeholders and an
 * edit form whose required fields are legal name, address line 1, city, state, postal code and
 * country. It opens by itself, without Cancel, while the workspace has no billing data at all.
 *
 * `countries` come from the server (lib/i18n/countries.ts, countryOptions, in the reader's
 * language): the browser's Intl names some countries differently, and the page would not hydrate.
 */
export function BillingDetailsCard({ details, countries }: { details: Details; countries: readonly CountryOption[] }) {
  const t = useTranslations("billing");
  const titleId = useId();
  const countryId = useId();
  const blank = !hasAny(details);
  const [editing, setEditing] = useState(blank);
  const [legalName, setLegalName] = useState(details.legalName ?? "");
  const [taxId, setTaxId] = useState(details.tax.taxId ?? "");
  const [address, setAddress] = useState<Address>(
    () => Object.fromEntries(ADDRESS.map((key) => [key, details.address?.[key] ?? ""])) as Address,
  );
  const { run, busy, error } = useAction();
  const set = (key: keyof Address) => (value: string) => setAddress((current) => ({ ...current, [key]: value }));
  const valid = !!legalName.trim() && (["line1", "city", "state", "postalCode", "country"] as const).every((key) => address[key].trim());
  const countryName = (code: string | null | undefined) => countries.find((c) => c.code === code)?.name ?? code;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const saved = await run(
      () =>
        callOperation(updateBillingDetailsOp, {
          legalName,
          address: { ...address, line2: address.line2.trim() || null },
          ...(taxId.trim() ? { taxId: taxId.trim() } : {}),
        }),
      "updated",
      { title: "updateError", description: t("updatingErrorDescription") },
    );
    if (saved) setEditing(false);
  }

  const value = (text: string | null | undefined, placeholder: string) =>
    text ? <span>{text}</span> : <span className="text-zinc-500">{placeholder}</span>;

  return (
    <section className="flex flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-6" aria-labelledby={titleId}>
      <h2 id={titleId} className="text-lg font-semibold">
        {t("billingDetails")}
      </h2>
      {!editing ? (
        <>
          <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="text-zinc-500">{t("legalName")}</dt>
            <dd>{value(details.legalName, t("legalName"))}</dd>
            <dt className="text-zinc-500">{t("address")}</dt>
            <dd>
              {value(details.address?.line1, t("line1"))}
              {details.address?.line2 && <span className="block">{details.address.line2}</span>}
            </dd>
            <dt className="text-zinc-500">{t("city")}</dt>
            <dd>{value(details.address?.city, t("city"))}</dd>
            <dt className="text-zinc-500">{t("state")}</dt>
            <dd>{value(details.address?.state, t("state"))}</dd>
            <dt className="text-zinc-500">{t("postalCode")}</dt>
            <dd>{value(details.address?.postalCode, t("postalCode"))}</dd>
            <dt className="text-zinc-500">{t("country")}</dt>
            <dd>{value(countryName(details.address?.country), t("country"))}</dd>
            <dt className="text-zinc-500">{t("taxId")}</dt>
            <dd>{value(details.tax.taxId, t("taxIdPlaceholder"))}</dd>
          </dl>
          <div>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {t("editBillingDetails")}
            </Button>
          </div>
        </>
      ) : (
        <form onSubmit={submit} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {error && (
            <div className="sm:col-span-2">
              <Alert tone="error">{error}</Alert>
            </div>
          )}
          <TextField
            className="sm:col-span-2"
            label={t("legalName")}
            required
            value={legalName}
            onChange={(e) => setLegalName(e.target.value)}
          />
          <TextField
            className="sm:col-span-2"
            label={t("line1")}
            required
            value={address.line1}
            onChange={(e) => set("line1")(e.target.value)}
          />
          <TextField className="sm:col-span-2" label={t("line2")} value={address.line2} onChange={(e) => set("line2")(e.target.value)} />
          <TextField label={t("city")} required value={address.city} onChange={(e) => set("city")(e.target.value)} />
          <TextField label={t("state")} required value={address.state} onChange={(e) => set("state")(e.target.value)} />
          <TextField label={t("postalCode")} required value={address.postalCode} onChange={(e) => set("postalCode")(e.target.value)} />
          <div className="flex flex-col gap-1">
            <label htmlFor={countryId} className="text-sm font-medium text-zinc-700">
              {t("country")}
              <span className="ml-0.5 text-red-600" aria-hidden>
                *
              </span>
            </label>
            <select
              id={countryId}
              required
              value={address.country}
              onChange={(e) => set("country")(e.target.value)}
              className="min-h-10 rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm"
            >
              <option value="">{t("selectCountry")}</option>
              {countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </select>
          </div>
          <TextField
            className="sm:col-span-2"
            label={t("taxId")}
            placeholder={t("taxIdPlaceholder")}
            value={taxId}
            onChange={(e) => setTaxId(e.target.value)}
          />
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" disabled={!valid} busy={busy}>
              {t("update")}
            </Button>
            {!blank && (
              <Button variant="secondary" type="button" onClick={() => setEditing(false)}>
                {t("cancel")}
              </Button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
