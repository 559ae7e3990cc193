"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent, type ReactNode } from "react";
import { FolderOptions } from "@/components/folders/folder-bar";
import { WelcomeTourTemplate } from "@/components/tour/welcome-tour-template";
import { Button } from "@/components/ui/button";
import { TagPicker } from "@/components/ui/tag-picker";
import { SearchSelect } from "@/components/ui/search-select";
import { TextField } from "@/components/ui/text-field";
import { useAction } from "@/components/ui/use-action";
import { callOperation, operationHref, uploadOperation } from "@/lib/client/operations";
import type { FolderOption } from "@/lib/folders/folder-types";
import { LOCALES } from "@/lib/i18n/locales";
import { IDENTITY_TYPES, STRUCTURED_LIMITS } from "@/lib/templates/structured-values";
import {
  CURRENCY_FORMATS,
  FIELD_NAME_PATTERN,
  VARIABLE_LIMITS,
  VARIABLE_TYPES,
  type CurrencyFormat,
  type VariableType,
} from "@/lib/templates/variable-types";
import type { Variable } from "@/lib/templates/variables";
import { TEMPLATE_ACCEPT } from "./upload-template";

type TemplateData = {
  id: string;
  name: string;
  description: string | null;
  published: boolean;
  language: string | null;
  jurisdiction: string | null;
  value: number | null;
  currency: string | null;
  categoryId: string | null;
  folderId: string | null;
  tagIds: string[];
  format: string;
  delimiter: string;
  fileName: string;
  version: number;
  variables: Variable[];
};

const FORMAT_EXAMPLES: Record<string, string> = {
  bracket: "[field]",
  brace: "{field}",
  doubleBrace: "{{field}}",
  dollar: "${field}",
  pdfForm: "PDF",
};
const input = "min-h-10 rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700">
      {label}
      {children}
    </label>
  );
}

/** One field's settings: its type, whether it is required, and the options its type takes. */
function VariableRow({
  variable,
  onChange,
  disabled,
  numericNames,
}: {
  variable: Variable;
  onChange: (v: Variable) => void;
  disabled: boolean;
  numericNames: string[];
}) {
  const t = useTranslations("templates");
  const set = (options: Partial<Variable["options"]>) => onChange({ ...variable, options: { ...variable.options, ...options } });
  const text = (value: string) => (value.trim() ? value : undefined);
  // A new type starts with its own options; what every type takes (form name, help, retention) stays.
  const changeType = (type: VariableType) => {
    const { variableName, helpText, placeholder, anonymizedAt } = variable.options;
    const kept = Object.fromEntries(
      Object.entries({ variableName, helpText, placeholder, anonymizedAt }).filter(([, value]) => value !== undefined),
    );
    onChange({ ...variable, type, options: kept });
  };
  return (
    <fieldset className="rounded-lg border border-zinc-200 bg-white p-4" data-testid="variable-row" data-name={variable.name}>
      <legend className="px-1 font-mono text-sm font-semibold">{variable.name}</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label={t("type")}>
          <select className={input} value={variable.type} disabled={disabled} onChange={(e) => changeType(e.target.value as VariableType)}>
            {VARIABLE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </select>
        </Field>
        <TextField
          label={t("label")}
          value={variable.label ?? ""}
          disabled={disabled}
          maxLength={VARIABLE_LIMITS.label}
          onChange={(e) => onChange({ ...variable, label: text(e.target.value) })}
        />
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-zinc-700">
          <input
            type="checkbox"
            checked={variable.required}
            disabled={disabled || variable.type === "formula"}
            onChange={(e) => onChange({ ...variable, required: e.target.checked })}
          />
          {t("required")}
        </label>
        {variable.type === "date" && (
          <>
            <TextField
              label={t("dateFormat")}
              placeholder="DD/MM/YYYY"
              hint={t("dateFormatHint")}
              value={variable.options.dateFormat ?? ""}
              disabled={disabled}
              onChange={(e) => set({ dateFormat: text(e.target.value) })}
            />
            <TextField
              label={t("dateMin")}
              type="date"
              value={variable.options.dateMin ?? ""}
              disabled={disabled}
              onChange={(e) => set({ dateMin: text(e.target.value) })}
            />
            <TextField
              label={t("dateMax")}
              type="date"
              value={variable.options.dateMax ?? ""}
              disabled={disabled}
              onChange={(e) => set({ dateMax: text(e.target.value) })}
            />
          </>
        )}
        {variable.type === "currency" && (
          <>
            <TextField
              label={t("currency")}
              placeholder="EUR"
              maxLength={VARIABLE_LIMITS.currency}
              value={variable.options.currency ?? ""}
              disabled={disabled}
              onChange={(e) => set({ currency: text(e.target.value.toUpperCase()) })}
            />
            <Field label={t("currencyFormat")}>
              <select
                className={input}
                value={variable.options.currencyFormat ?? "symbol"}
                disabled={disabled}
                onChange={(e) => set({ currencyFormat: e.target.value as CurrencyFormat })}
              >
                {CURRENCY_FORMATS.map((format) => (
                  <option key={format} value={format}>
                    {t(`currencyFormats.${format}`)}
                  </option>
                ))}
              </select>
            </Field>
          </>
        )}
        {variable.type === "identity" && (
          <Field label={t("identityType")}>
            <select
              className={input}
              value={variable.options.identityType ?? ""}
              disabled={disabled}
              onChange={(e) => set({ identityType: (e.target.value || undefined) as Variable["options"]["identityType"] })}
            >
              <option value="">{t("identityTypeAny")}</option>
              {IDENTITY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`identityTypes.${type}`)}
                </option>
              ))}
            </select>
          </Field>
        )}
        {variable.type === "matrix" && (
          <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700 sm:col-span-3">
            {t("columns")}
            <textarea
              className={`${input} min-h-20`}
              disabled={disabled}
              value={(variable.options.columns ?? []).join("\n")}
              onChange={(e) =>
                set({
                  columns: e.target.value
                    .split("\n")
                    .map((s) => s.trim())
                    .filter(Boolean)
                    .slice(0, STRUCTURED_LIMITS.matrixColumns),
                })
              }
            />
            <span className="text-xs font-normal text-zinc-500">{t("columnsHint")}</span>
          </label>
        )}
        {variable.type === "checkbox" && (
          <>
            <TextField
              label={t("trueLabel")}
              placeholder={t("yes")}
              value={variable.options.trueLabel ?? ""}
              disabled={disabled}
              onChange={(e) => set({ trueLabel: text(e.target.value) })}
            />
            <TextField
              label={t("falseLabel")}
              placeholder={t("no")}
              value={variable.options.falseLabel ?? ""}
              disabled={disabled}
              onChange={(e) => set({ falseLabel: text(e.target.value) })}
            />
          </>
        )}
        {variable.type === "formula" && (
          <TextField
            className="sm:col-span-3"
            label={t("formula")}
            placeholder="[price] * 2 + [fee]"
            hint={t("formulaHint", { names: numericNames.map((n) => `[${n}]`).join(", ") || "—" })}
            value={variable.options.formula ?? ""}
            disabled={disabled}
            onChange={(e) => set({ formula: e.target.value })}
          />
        )}
        {(variable.type === "dropdown" || variable.type === "radio" || variable.type === "list") && (
          <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700 sm:col-span-3">
            {t("choices")}
            <textarea
              className={`${input} min-h-20`}
              disabled={disabled}
              value={(variable.options.choices ?? []).join("\n")}
              onChange={(e) =>
                set({
                  choices: e.target.value
                    .split("\n")
                    .map((s) => s.trim())
                    .filter(Boolean),
                })
              }
            />
            <span className="text-xs font-normal text-zinc-500">{t("choicesHint")}</span>
          </label>
        )}
        <TextField
          label={t("variableName")}
          hint={t("variableNameHint")}
          placeholder={variable.name}
          value={variable.options.variableName ?? ""}
          disabled={disabled}
          maxLength={VARIABLE_LIMITS.name}
          pattern={FIELD_NAME_PATTERN}
          onChange={(e) => set({ variableName: text(e.target.value) })}
        />
        <TextField
          label={t("placeholder")}
          value={variable.options.placeholder ?? ""}
          disabled={disabled}
          maxLength={VARIABLE_LIMITS.placeholder}
          onChange={(e) => set({ placeholder: text(e.target.value) })}
        />
        <TextField
          label={t("anonymizedAt")}
          hint={t("anonymizedAtHint")}
          type="number"
          min={0}
          max={VARIABLE_LIMITS.anonymizedAt}
          step={1}
          value={variable.options.anonymizedAt ?? ""}
          disabled={disabled}
          onChange={(e) =>
            set({
              anonymizedAt:
                e.target.value === "" ? undefined : Math.max(0, Math.min(VARIABLE_LIMITS.anonymizedAt, Math.trunc(Number(e.target.value)))),
            })
          }
        />
        <TextField
          className="sm:col-span-3"
          label={t("helpText")}
          value={variable.options.helpText ?? ""}
          disabled={disabled}
          maxLength={VARIABLE_LIMITS.helpText}
          onChange={(e) => set({ helpText: text(e.target.value) })}
        />
      </div>
    </fieldset>
  );
}

/**
 * A template's screen: details (name with fields allowed, language, jurisdiction, value,
 * category, tags, folder), the detected fields with their types and options, publishing, and
 * a new version of the file.
 */
export function TemplateEditor({
  template,
  canManage,
  categories,
  tags,
  folders,
}: {
  template: TemplateData;
  canManage: boolean;
  categories: { id: string; name: string }[];
  tags: { id: string; name: string; color: string }[];
  folders: FolderOption[];
}) {
  const t = useTranslations("templates");
  const tf = useTranslations("folders");
  const tl = useTranslations("common.languages");
  const router = useRouter();
  const { run, busy } = useAction();
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
  const [variables, setVariables] = useState(template.variables);
  const numericNames = variables.filter((v) => ["number", "currency", "percentage", "formula"].includes(v.type)).map((v) => v.name);

  async function saveDetails(event: FormEvent) {
    event.preventDefault();
    await run(
      () =>
        callOperation("updateTemplate", {
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

  async function saveVariables(event: FormEvent) {
    event.preventDefault();
    await run(() => callOperation("updateTemplate", { id: template.id, variables }), "saved", "updateError");
  }

  async function newVersion(file: File | undefined) {
    if (!file) return;
    const updated = await run(() => uploadOperation("updateTemplateVersion", { id: template.id }, file), "updated", "updateError");
    if (updated) setVariables(updated.variables);
  }

  return (
    <>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{template.name}</h1>
          <p className="text-sm text-zinc-600">
            {t("fileInfo", {
              file: template.fileName,
              version: template.version,
              format: FORMAT_EXAMPLES[template.delimiter] ?? template.delimiter,
            })}
          </p>
          <span
            className={`mt-2 inline-block rounded-full px-2 py-0.5 text-xs ${template.published ? "bg-emerald-50 text-emerald-800" : "bg-zinc-100 text-zinc-700"}`}
            data-testid="template-state"
          >
            {template.published ? t("published") : t("draft")}
          </span>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            className="inline-flex min-h-10 items-center rounded-md border border-zinc-300 bg-white px-4 text-sm font-medium hover:bg-zinc-50"
            href={operationHref("getTemplateFile", { id: template.id })}
          >
            {t("download")}
          </a>
          {canManage && (
            <>
              <label className="inline-flex min-h-10 cursor-pointer items-center rounded-md border border-zinc-300 bg-white px-4 text-sm font-medium hover:bg-zinc-50 focus-within:ring-2 focus-within:ring-brand-500">
                {t("newVersion")}
                <input type="file" accept={TEMPLATE_ACCEPT} className="sr-only" onChange={(e) => newVersion(e.target.files?.[0])} />
              </label>
              <Button
                data-tour="template-publish"
                busy={busy}
                variant={template.published ? "secondary" : "primary"}
                onClick={() =>
                  run(
                    () => callOperation("publishUnpublishTemplate", { id: template.id, published: !template.published }),
                    "published",
                    "publishError",
                  ).then(() => router.refresh())
                }
              >
                {template.published ? t("unpublish") : t("publish")}
              </Button>
            </>
          )}
        </div>
      </header>

      <section aria-labelledby="fields-title" className="flex flex-col gap-3" data-tour="template-fields">
        <h2 id="fields-title" className="text-lg font-semibold">
          {t("fieldsTitle", { count: variables.length })}
        </h2>
        {variables.length === 0 ? (
          <p className="text-sm text-zinc-600">{t("noFields")}</p>
        ) : (
          <form onSubmit={saveVariables} className="flex flex-col gap-3">
            {variables.map((variable, i) => (
              <VariableRow
                key={variable.name}
                variable={variable}
                disabled={!canManage}
                numericNames={numericNames.filter((n) => n !== variable.name)}
                onChange={(next) => setVariables(variables.map((v, j) => (j === i ? next : v)))}
              />
            ))}
            {canManage && (
              <div>
                <Button type="submit" busy={busy}>
                  {t("saveFields")}
                </Button>
              </div>
            )}
          </form>
        )}
      </section>

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
            maxLength={200}
            disabled={!canManage}
            value={details.name}
            onChange={(e) => setDetails({ ...details, name: e.target.value })}
          />
          <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700 sm:col-span-2">
            {t("description")}
            <textarea
              className={`${input} min-h-20`}
              maxLength={2000}
              disabled={!canManage}
              value={details.description}
              onChange={(e) => setDetails({ ...details, description: e.target.value })}
            />
          </label>
          <Field label={t("language")}>
            <select
              className={input}
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
            maxLength={100}
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
            maxLength={3}
            placeholder="EUR"
            disabled={!canManage}
            value={details.currency}
            onChange={(e) => setDetails({ ...details, currency: e.target.value })}
          />
          <SearchSelect
            label={t("category")}
            dataTour="template-category"
            inputClassName={input}
            disabled={!canManage}
            value={details.categoryId}
            onChange={(categoryId) => setDetails({ ...details, categoryId })}
            options={categories.map((c) => ({ value: c.id, label: c.name }))}
            emptyLabel="—"
            noMatches={t("noCategoryMatches")}
          />
          <Field label={tf("folder")}>
            <select
              className={input}
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
      {canManage && <WelcomeTourTemplate templateId={template.id} />}
    </>
  );
}
