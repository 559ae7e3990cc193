"use client";

import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { useTranslations } from "@/lib/i18n/client";
import { LIMITS } from "@/lib/validation/limits";

export type ListFilterSelect = { name: string; label: string; allLabel?: string; options: { value: string; label: string }[] };

const input = "min-h-10 rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm";
const labelClass = "flex flex-col gap-1 text-sm font-medium text-zinc-700";

/**
 * The filter bar of a list screen (/docs, /templates): words, one select per filter, a date
 * range on a chosen date, Apply and Clear. It edits a copy of the address' filters and hands the
 * result to `onApply`; Clear asks for the cleared 'all' view. `keep` names parameters the bar
 * does not show but keeps (the folder, picked in the folder bar). Its texts are the same on every
 * list (`lists`), but the words field's label, which says what the list searches.
 *
 * The selects and dates show once asked for ("More filters"), or whenever the address sets one
 * of them: on a phone the whole bar stood between the title and the first row, and its fields
 * were most of the elements the server rendered for an unfiltered list (docs/benchmarks.md).
 */
export function ListFilters(props: {
  query: Record<string, string>;
  /** The words field's label ("Search words", "Search templates"). */
  searchLabel: string;
  selects: ListFilterSelect[];
  dateFields: { value: string; label: string }[];
  onApply: (next: Record<string, string>) => void;
  keep?: string[];
}) {
  // A new address (a link, Clear, the menu) starts the form again from what it says.
  return <FilterForm key={new URLSearchParams(props.query).toString()} {...props} />;
}

function FilterForm({ query, searchLabel, selects, dateFields, onApply, keep = ["folder"] }: Parameters<typeof ListFilters>[0]) {
  const t = useTranslations("lists");
  const [values, setValues] = useState<Record<string, string>>(() => ({
    q: query.q ?? "",
    dateField: query.dateField || dateFields[0]?.value || "",
    from: query.from ?? "",
    to: query.to ?? "",
    ...Object.fromEntries(selects.map((s) => [s.name, query[s.name] ?? ""])),
  }));
  const set = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value }));
  const [more, setMore] = useState(() => [...selects.map((s) => s.name), "from", "to"].some((name) => Boolean(query[name])));
  const moreId = useId();

  function apply(event: FormEvent) {
    event.preventDefault();
    const kept = Object.fromEntries(keep.flatMap((k) => (query[k] ? [[k, query[k]]] : [])));
    // The order stays; the page starts again from the first.
    onApply({
      ...kept,
      orderBy: query.orderBy ?? "",
      sortBy: query.sortBy ?? "",
      ...values,
      q: values.q.trim(),
      dateField: values.from || values.to ? values.dateField : "",
    });
  }

  return (
    <form
      role="search"
      onSubmit={apply}
      className="grid gap-3 rounded-lg border border-zinc-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
      aria-label={t("filters")}
    >
      <label className={`${labelClass} sm:col-span-2`}>
        {searchLabel}
        <input
          type="search"
          name="q"
          maxLength={LIMITS.search}
          className={input}
          value={values.q}
          onChange={(e) => set("q", e.target.value)}
        />
      </label>
      {more && (
        <div id={moreId} className="contents">
          {selects.map((select) => (
            <label key={select.name} className={labelClass}>
              {select.label}
              <select className={input} value={values[select.name]} onChange={(e) => set(select.name, e.target.value)}>
                <option value="">{select.allLabel ?? t("all")}</option>
                {select.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>
          ))}
          {dateFields.length > 1 && (
            <label className={labelClass}>
              {t("dateField")}
              <select className={input} value={values.dateField} onChange={(e) => set("dateField", e.target.value)}>
                {dateFields.map((field) => (
                  <option key={field.value} value={field.value}>
                    {field.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className={labelClass}>
            {t("from")}
            <input type="date" className={input} value={values.from} onChange={(e) => set("from", e.target.value)} />
          </label>
          <label className={labelClass}>
            {t("to")}
            <input type="date" className={input} value={values.to} onChange={(e) => set("to", e.target.value)} />
          </label>
        </div>
      )}
      <div className={`flex flex-wrap items-end gap-2 sm:col-span-2 ${more ? "lg:col-span-4" : ""}`}>
        <Button type="submit">{t("apply")}</Button>
        <Button type="button" variant="ghost" aria-expanded={more} aria-controls={more ? moreId : undefined} onClick={() => setMore(!more)}>
          {more ? t("fewerFilters") : t("moreFilters")}
        </Button>
        <Button type="button" variant="ghost" onClick={() => onApply({})}>
          {t("clear")}
        </Button>
      </div>
    </form>
  );
}
