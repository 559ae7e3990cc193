"use client";

/** The template screen's details form. */

import { useLocale, useTranslations } from "@/lib/i18n/client";
import { DEFAULT_CURRENCY } from "@/lib/i18n/locale-rules";
import type { Locale } from "@/lib/i18n/locales";
import { useState, type FormEvent } from "react";
import { FolderOptions } from "@/components/folders/folder-options";
import { Button } from "@/components/ui/button";
import { SearchSelect } from "@/components/ui/search-select";
import { TagPicker } from "@/components/ui/tag-picker";
import { TextField } from "@/components/ui/text-field";
import type { useAction } from "@/components/ui/use-action";
import { callOperation } from "@/lib/client/operations";
import type { FolderOption } from "@/lib/folders/folder-types";
import { LOCALES } from "@/lib/i18n/locales";
import { Field, inputClass } from "./editor-field";
import { updateTemplateOp } from "@/lib/operations/routes/template";
import { LIMITS } from "@/lib/validation/limits";

/** The template's details form: name, description, language, jurisdiction, value, category, folder, tags. */
export function TemplateDetailsForm({
  template,
  canManage,
  action,
  categories,
  tags,
  folders,
}: {
  template: {
    id: string;
    name: string;
    description: string | null;
    language: string | null;
    jurisdiction: string | null;
    value: number | null;
    currency: string | null;
    categoryId: string | null;
    folderId: string | null;
    tagIds: string[];
  };
  canManage: boolean;
  /** The screen's one action state, so that every button is busy while any call runs. */
  action: ReturnType<typeof useAction>;
  categories: { id: string; name: string }[];
  tags: { id: string; name: string; color: string }[];
  folders: FolderOption[];
}) {
  const t = useTranslations("templates");
  // An example in the interface language's currency (its code), not always EUR.
  const defaultCurrency = DEFAULT_CURRENCY[useLocale() as Locale];
  const tf = useTranslations("folders");
  const tl = useTranslations("common.languages");
  const { run, busy } = action;
  const [details, setDetails] = useState({
    name: template.name,
    description: template.description ?? "",
    language: template.language ?? "",
    jurisdiction: template.jurisdiction ?? "",
    value: template.value === null ? "" : String(template.value),
    currency: template.currency ?? "",
    categoryId: template.categoryId ?? "",
    folderId: template.folderId ?? "root",
    tagIds: template.tagIds,
  });

  async function saveDetails(event: FormEvent) {
    event.preventDefault();
    await run(
      () =>
        callOperation(updateTemplateOp, {
          id: template.id,
          name: details.name,
          description: details.description.trim() || null,
          language: details.language || null,
          jurisdiction: details.jurisdiction.trim() || null,
          value: details.value === "" ? null : Number(details.value),
          currency: details.currency.trim() ? details.currency.trim().toUpperCase() : null,
          categoryId: details.categoryId || null,
          folderId: details.folderId === "root" ? null : details.folderId,
          tagIds: details.tagIds,
        }),
      "saved",
      "updateError",
    );
  }

  return (
    <section aria-labelledby="details-title" className="flex flex-col gap-3">
      <h2 id="details-title" className="text-lg font-semibold">
        {t("detailsTitle")}
      </h2>
      <form onSubmit={saveDetails} className="grid gap-3 rounded-lg border border-zinc-200 bg-white p-4 sm:grid-cols-2">
        <TextField
          data-tour="template-name"
          className="sm:col-span-2"
          label={t("name")}
          hint={t("nameHint")}
          required
          maxLength={LIMITS.title}
          disabled={!canManage}
          value={details.name}
          onChange={(e) => setDetails({ ...details, name: e.target.value })}
        />
        <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700 sm:col-span-2">
          {t("description")}
          <textarea
            className={`${inputClass} min-h-20`}
            maxLength={LIMITS.description}
            disabled={!canManage}
            value={details.description}
            onChange={(e) => setDetails({ ...details, description: e.target.value })}
          />
        </label>
        <Field label={t("language")}>
          <select
            className={inputClass}
            disabled={!canManage}
            value={details.language}
            onChange={(e) => setDetails({ ...details, language: e.target.value })}
          >
            <option value="">—</option>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale}>
                {tl(locale)}
              </option>
            ))}
          </select>
        </Field>
        <TextField
          label={t("jurisdiction")}
          maxLength={LIMITS.jurisdiction}
          disabled={!canManage}
          value={details.jurisdiction}
          onChange={(e) => setDetails({ ...details, jurisdiction: e.target.value })}
        />
        <TextField
          label={t("value")}
          type="number"
          min={0}
          step="0.01"
          disabled={!canManage}
          value={details.value}
          onChange={(e) => setDetails({ ...details, value: e.target.value })}
        />
        <TextField
          label={t("currency")}
          maxLength={LIMITS.currency}
          placeholder={defaultCurrency}
          disabled={!canManage}
          value={details.currency}
          onChange={(e) => setDetails({ ...details, currency: e.target.value })}
        />
        <SearchSelect
          label={t("category")}
          dataTour="template-category"
          inputClassName={inputClass}
          disabled={!canManage}
          value={details.categoryId}
          onChange={(categoryId) => setDetails({ ...details, categoryId })}
          options={categories.map((c) => ({ value: c.id, label: c.name }))}
          emptyLabel="—"
          noMatches={t("noCategoryMatches")}
        />
        <Field label={tf("folder")}>
          <select
            className={inputClass}
            disabled={!canManage}
            value={details.folderId}
            onChange={(e) => setDetails({ ...details, folderId: e.target.value })}
          >
            <FolderOptions folders={folders} rootLabel={tf("drive")} />
          </select>
        </Field>
        <TagPicker
          className="sm:col-span-2"
          legend={t("tags")}
          tags={tags}
          selected={details.tagIds}
          disabled={!canManage}
          onChange={(tagIds) => setDetails({ ...details, tagIds })}
        />
        {canManage && (
          <div className="sm:col-span-2">
            <Button type="submit" busy={busy}>
              {t("saveDetails")}
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}
