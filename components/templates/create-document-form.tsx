"use client";

import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useMemo, useState, type FormEvent } from "react";
import { useErrorText } from "@/components/auth/use-error-text";
import { Button } from "@/components/ui/button";
import { useNotify } from "@/components/ui/notifications";
import { TextField } from "@/components/ui/text-field";
import { ApiError } from "@/lib/client/api";
import { callOperation, uploadOperation, type OperationInput } from "@/lib/client/operations";
import { countryOptions } from "@/lib/i18n/countries";
import { evaluateFormula } from "@/lib/templates/formula";
import { isEmptyValue, type DataMapEntry } from "@/lib/templates/structured-values";
import { STRUCTURED_TYPES, UPLOAD_TYPES } from "@/lib/templates/variable-types";
import type { Variable } from "@/lib/templates/variables";
import { formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { AddressInput, EMPTY_ADDRESS, type AddressDraft } from "./fields/address-input";
import { DataMapInput } from "./fields/data-map-input";
import { FIELD_INPUT as input } from "./fields/field-input";
import { EMPTY_GEO, GeoInput, type GeoDraft } from "./fields/geo-input";
import { MatrixInput } from "./fields/matrix-input";

type Value = string | boolean | string[] | AddressDraft | GeoDraft | DataMapEntry[] | string[][];

const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/**
 * A field's starting value: a stored value (editing a document) in the input's shape, else empty
 * in its type's shape, or the data store's text for a text-like field.
 */
function initialValue(v: Variable, globals: Record<string, string>, stored: unknown): Value {
  const has = stored !== null && stored !== undefined;
  switch (v.type) {
    case "checkbox":
      return stored === true;
    case "list":
      return Array.isArray(stored) ? stored.map(text) : [];
    case "object":
      return Array.isArray(stored) ? (stored as DataMapEntry[]).map((row) => ({ key: text(row.key), value: text(row.value) })) : [];
    case "matrix":
      return Array.isArray(stored) ? (stored as unknown[][]).map((row) => (Array.isArray(row) ? row.map(text) : [])) : [];
    case "address":
      return {
        ...EMPTY_ADDRESS,
        ...(has && typeof stored === "object"
          ? Object.fromEntries(Object.entries(stored as Record<string, unknown>).map(([key, part]) => [key, text(part)]))
          : {}),
      };
    case "geo":
      return has && typeof stored === "object"
        ? { latitude: text((stored as GeoDraft).latitude), longitude: text((stored as GeoDraft).longitude) }
        : { ...EMPTY_GEO };
    case "attachment":
    case "file":
    case "image":
      return "";
    default:
      return has ? text(stored) : (globals[v.name] ?? "");
  }
}

/**
 * What the server gets for a field: numbers as numbers, the structured types' inputs trimmed
 * and their empty rows left out (an untouched group is null, so "required" reads right).
 */
/** A field's value as the operations take it (checked by the server against its definition). */
type PayloadValue = NonNullable<OperationInput<"createDocumentFromTemplate">["values"]>[string];

function payloadValue(v: Variable, value: Value): PayloadValue {
  if (["number", "currency", "percentage"].includes(v.type)) return value === "" ? value : Number(value);
  if (v.type === "object")
    return (value as DataMapEntry[]).filter((row) => !isEmptyValue(row)).map((row) => ({ key: row.key.trim(), value: row.value.trim() }));
  if (v.type === "matrix") return (value as string[][]).filter((row) => !isEmptyValue(row));
  if (STRUCTURED_TYPES.includes(v.type)) return isEmptyValue(value) ? null : (value as PayloadValue);
  return value as PayloadValue;
}

/** A formula's value from the numbers filled in so far, or null while it cannot be computed. */
function preview(variables: Variable[], values: Record<string, Value>, name: string, seen = new Set<string>()): number | null {
  const variable = variables.find((v) => v.name === name);
  if (!variable || seen.has(name)) return null;
  if (variable.type !== "formula") {
    const n = Number(values[name]);
    return values[name] === "" || values[name] === undefined || Number.isNaN(n) ? null : n;
  }
  try {
    return evaluateFormula(variable.options.formula ?? "", (ref) => {
      const n = preview(variables, values, ref, new Set([...seen, name]));
      if (n === null) throw new Error("missing");
      return n;
    });
  } catch {
    return null;
  }
}

/**
 * The server's verdict per field: `details.fields` lists { path: the field's name, code, message },
 * the message already in the request's language. The first problem of a field wins.
 */
function fieldErrors(error: unknown): Record<string, string> {
  const fields = error instanceof ApiError ? error.details?.fields : undefined;
  const out: Record<string, string> = {};
  if (!Array.isArray(fields)) return out;
  for (const field of fields as { path?: unknown; message?: unknown }[]) {
    if (typeof field?.path === "string" && typeof field.message === "string" && !(field.path in out)) out[field.path] = field.message;
  }
  return out;
}

/**
 * The form that creates a document from a published template: one input per field by its
 * type, formulas computed as you type, and the server's verdict per field shown beside it.
 * `globals` are the workspace data store's values for fields of the same name: they start
 * filled in (and the server uses them for any such field left empty). Attachment, file and
 * image fields take a file each, sent with the form (multipart) and checked by the server.
 * With `editing`, the same form changes the values of a document made from the template: it
 * starts from the document's values, an upload field names its current file (kept unless
 * replaced), and saving makes a new version.
 */
export function CreateDocumentForm({
  templateId,
  templateName,
  variables,
  currency,
  globals = {},
  maxUploadBytes,
  editing,
}: {
  templateId: string;
  templateName: string;
  variables: Variable[];
  currency: string | null;
  globals?: Record<string, string>;
  /** The server's upload limit per file (UPLOAD_MAX_BYTES). */
  maxUploadBytes: number;
  /** Editing a document's values: its id, its values, the names of its upload fields' files, and what closes the form. */
  editing?: { documentId: string; values: Record<string, unknown>; files: Record<string, string>; onDone: () => void };
}) {
  const t = useTranslations("templates");
  const td2 = useTranslations("documents");
  const tfield = useTranslations("errors.fields");
  const ta = useTranslations("alerts");
  const notify = useNotify();
  const format = useFormatter();
  const td = useTranslations("dataStore");
  const locale = useLocale();
  const errorText = useErrorText();
  const router = useRouter();
  const fields = variables.filter((v) => !v.deprecated);
  const [values, setValues] = useState<Record<string, Value>>(() =>
    Object.fromEntries(fields.map((v) => [v.name, initialValue(v, globals, editing?.values[v.name])])),
  );
  const [files, setFiles] = useState<Record<string, File>>({});
  const maxSize = format.number(maxUploadBytes / 1024 / 1024, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 });
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const countries = useMemo(
    () => (fields.some((v) => v.type === "country" || v.type === "address") ? countryOptions(locale) : []),
    [fields, locale],
  );
  const set = (key: string, value: Value) => setValues((current) => ({ ...current, [key]: value }));
  /** A chosen file, or none; one past the limit is refused here rather than sent. */
  function chooseFile(key: string, file: File | undefined) {
    const fits = !!file && file.size <= maxUploadBytes;
    setFiles((current) => {
      const next = { ...current };
      if (fits) next[key] = file;
      else delete next[key];
      return next;
    });
    setErrors((current) => {
      const next = { ...current };
      if (file && !fits) next[key] = tfield("fileTooLarge", { max: maxSize });
      else delete next[key];
      return next;
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFormError(null);
    try {
      const payload = Object.fromEntries(
        // Upload fields go as files of their own.
        fields.filter((v) => v.type !== "formula" && !UPLOAD_TYPES.includes(v.type)).map((v) => [v.name, payloadValue(v, values[v.name])]),
      );
      const parts = Object.entries(files).map(([field, file]): [string, File] => [`field:${field}`, file]);
      if (editing) {
        const input = { id: editing.documentId, values: payload };
        await (parts.length ? uploadOperation("updateDocumentValues", input, parts) : callOperation("updateDocumentValues", input));
        notify({ tone: "success", title: ta("saved") });
        editing.onDone();
        router.refresh();
        return;
      }
      const body = { templateId, values: payload, fields: name.trim() ? { name: name.trim() } : {} };
      const document = parts.length
        ? await uploadOperation("createDocumentFromTemplate", body, parts)
        : await callOperation("createDocumentFromTemplate", body);
      router.push(`/d/${document.id}/view`);
    } catch (error) {
      setErrors(fieldErrors(error));
      setFormError(errorText(error));
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="create-title" className="flex flex-col gap-3">
      <h2 id="create-title" className="text-lg font-semibold">
        {editing ? td2("editValues") : t("createDocument")}
      </h2>
      {editing && <p className="text-sm text-zinc-600">{td2("valuesHelp")}</p>}
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-4 rounded-lg border border-zinc-200 bg-white p-4 sm:grid-cols-2"
        data-testid="create-document-form"
      >
        {!editing && (
          <TextField
            className="sm:col-span-2"
            label={t("documentName")}
            placeholder={templateName}
            maxLength={200}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        )}
        {fields.map((v) => {
          const label = v.options.variableName || v.label || v.name;
          const error = errors[v.name];
          const common = {
            "aria-invalid": error ? true : undefined,
            "aria-describedby": error ? `err-${v.name}` : undefined,
            required: v.required,
            placeholder: v.options.placeholder,
          } as const;
          const value = values[v.name];
          let control;
          switch (v.type) {
            case "formula": {
              const result = preview(variables, values, v.name);
              control = (
                <output className="min-h-10 rounded-md bg-zinc-50 px-3 py-2 text-sm" aria-live="polite">
                  {result === null ? "—" : formatNumber(locale as Locale, result)}
                </output>
              );
              break;
            }
            case "checkbox":
              control = (
                <input
                  type="checkbox"
                  className="size-5"
                  checked={value === true}
                  onChange={(e) => set(v.name, e.target.checked)}
                  {...common}
                />
              );
              break;
            case "date":
              control = (
                <input
                  type="date"
                  className={input}
                  min={v.options.dateMin}
                  max={v.options.dateMax}
                  value={value as string}
                  onChange={(e) => set(v.name, e.target.value)}
                  {...common}
                />
              );
              break;
            case "number":
            case "currency":
            case "percentage":
              control = (
                <input
                  type="number"
                  step="any"
                  inputMode="decimal"
                  className={input}
                  value={value as string}
                  onChange={(e) => set(v.name, e.target.value)}
                  {...common}
                />
              );
              break;
            case "dropdown":
            case "radio":
              control = (
                <select className={input} value={value as string} onChange={(e) => set(v.name, e.target.value)} {...common}>
                  <option value="">—</option>
                  {(v.options.choices ?? []).map((choice) => (
                    <option key={choice} value={choice}>
                      {choice}
                    </option>
                  ))}
                </select>
              );
              break;
            case "country":
              control = (
                <select className={input} value={value as string} onChange={(e) => set(v.name, e.target.value)} {...common}>
                  <option value="">—</option>
                  {countries.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.name}
                    </option>
                  ))}
                </select>
              );
              break;
            case "list":
              control = v.options.choices?.length ? (
                <span className="flex flex-wrap gap-3">
                  {v.options.choices.map((choice) => (
                    <label key={choice} className="flex items-center gap-1.5 text-sm font-normal">
                      <input
                        type="checkbox"
                        checked={(value as string[]).includes(choice)}
                        onChange={(e) =>
                          set(v.name, e.target.checked ? [...(value as string[]), choice] : (value as string[]).filter((c) => c !== choice))
                        }
                      />
                      {choice}
                    </label>
                  ))}
                </span>
              ) : (
                <textarea
                  className={`${input} min-h-20`}
                  value={(value as string[]).join("\n")}
                  onChange={(e) => set(v.name, e.target.value.split("\n"))}
                  {...common}
                />
              );
              break;
            case "address":
              control = (
                <AddressInput
                  value={value as AddressDraft}
                  onChange={(next) => set(v.name, next)}
                  countries={countries}
                  required={v.required}
                  invalid={!!error}
                />
              );
              break;
            case "geo":
              control = <GeoInput value={value as GeoDraft} onChange={(next) => set(v.name, next)} required={v.required} />;
              break;
            case "object":
              control = <DataMapInput value={value as DataMapEntry[]} onChange={(next) => set(v.name, next)} />;
              break;
            case "matrix":
              control = (
                <MatrixInput columns={v.options.columns ?? []} value={value as string[][]} onChange={(next) => set(v.name, next)} />
              );
              break;
            case "attachment":
            case "file":
            case "image": {
              const isImage = v.type === "image";
              control = (
                <span className="flex flex-col gap-1">
                  <input
                    type="file"
                    accept={isImage ? "image/png,image/jpeg" : ".pdf,.docx,image/png,image/jpeg,image/webp"}
                    className="text-sm file:mr-3 file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-zinc-50"
                    onChange={(e) => chooseFile(v.name, e.target.files?.[0])}
                    aria-invalid={common["aria-invalid"]}
                    aria-describedby={[`hint-${v.name}`, common["aria-describedby"]].filter(Boolean).join(" ")}
                    required={v.required}
                  />
                  {editing?.files[v.name] && (
                    <span className="text-xs font-normal text-zinc-700" data-testid="current-file">
                      {t("inputs.currentFile", { name: editing.files[v.name] })}
                    </span>
                  )}
                  <span id={`hint-${v.name}`} className="text-xs font-normal text-zinc-500">
                    {t(isImage ? "inputs.imageHint" : "inputs.fileHint", { max: maxSize })}
                  </span>
                </span>
              );
              break;
            }
            case "identity":
              control = (
                <input
                  type="text"
                  className={input}
                  minLength={3}
                  maxLength={40}
                  autoComplete="off"
                  spellCheck={false}
                  value={value as string}
                  onChange={(e) => set(v.name, e.target.value)}
                  {...common}
                />
              );
              break;
            default:
              control = (
                <input
                  type={v.type === "email" ? "email" : v.type === "phone" ? "tel" : "text"}
                  inputMode={v.type === "url" ? "url" : undefined}
                  className={input}
                  value={value as string}
                  onChange={(e) => set(v.name, e.target.value)}
                  {...common}
                />
              );
          }
          const heading = (
            <span className="flex items-center gap-2">
              {label}
              {v.required && v.type !== "formula" && (
                <span className="text-red-600" aria-hidden>
                  *
                </span>
              )}
              {v.type === "currency" && <span className="text-xs text-zinc-500">{v.options.currency ?? currency ?? ""}</span>}
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
            <div
              key={v.name}
              className={`flex flex-col gap-1 ${wide ? "sm:col-span-2" : ""}`}
              data-testid="document-field"
              data-name={v.name}
            >
              {grouped ? (
                <fieldset
                  className="flex flex-col gap-2 rounded-md border border-zinc-200 p-3"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `err-${v.name}` : undefined}
                >
                  <legend className="px-1 text-sm font-medium text-zinc-700">{heading}</legend>
                  {control}
                </fieldset>
              ) : (
                <label className="text-sm font-medium text-zinc-700">
                  {heading}
                  <span className="mt-1 flex flex-col">{control}</span>
                </label>
              )}
              {v.options.helpText && <p className="text-xs text-zinc-500">{v.options.helpText}</p>}
              {globals[v.name] !== undefined && value === globals[v.name] && (
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
        })}
        {formError && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700 sm:col-span-2">
            {formError}
          </p>
        )}
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit" busy={busy}>
            {editing ? td2("saveValues") : t("generate")}
          </Button>
          {editing && (
            <Button type="button" variant="secondary" onClick={editing.onDone}>
              {td2("cancelValues")}
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
