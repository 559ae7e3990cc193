"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { useErrorText } from "@/components/auth/use-error-text";
import { Button } from "@/components/ui/button";
import { useNotify } from "@/components/ui/notifications";
import { ApiError } from "@/lib/client/api";
import { callOperation } from "@/lib/client/operations";
import { DATA_STORE_MAX_VALUE, DATA_STORE_MAX_VARIABLES, DATA_STORE_TYPES, type DataStoreType } from "@/lib/datastore/types";
import { updateDataStoreOp } from "@/lib/operations/routes/data-store";
import { VARIABLE_LIMITS } from "@/lib/templates/variable-types";
import { LIMITS } from "@/lib/validation/limits";

type Variable = { name: string; type: DataStoreType; value: string; description: string };
type Row = Variable & { key: number };

const input = "min-h-10 w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm aria-invalid:border-red-500";
const INPUT_TYPES: Record<DataStoreType, string> = {
  text: "text",
  number: "number",
  currency: "number",
  date: "date",
  email: "email",
  url: "url",
  phone: "tel",
};

/**
 * The row errors of a refused save: value errors come keyed by variable name (the template
 * rules), shape errors as paths like `variables.3.name`.
 */
function rowErrors(error: unknown, rows: Row[]): Record<number, string> {
  const fields = error instanceof ApiError ? error.details?.fields : undefined;
  const out: Record<number, string> = {};
  if (Array.isArray(fields)) {
    for (const field of fields as { path?: string; message?: string }[]) {
      // A schema problem points at the row's index; a value problem (fillValues) at the variable's name.
      const match = field.path?.match(/^variables\.(\d+)/);
      const row = match ? rows[Number(match[1])] : rows.find((r) => r.name.trim() === field.path);
      if (row && !(row.key in out)) out[row.key] = field.message ?? "";
    }
  } else if (fields && typeof fields === "object") {
    for (const [name, message] of Object.entries(fields as Record<string, string>)) {
      const row = rows.find((r) => r.name.trim() === name);
      if (row) out[row.key] = message;
    }
  }
  return out;
}

/** The workspace data store: variables every template can use, edited as a list and saved at once. */
export function DataStoreEditor({ variables }: { variables: Variable[] }) {
  const t = useTranslations("dataStore");
  const ta = useTranslations("alerts");
  const errorText = useErrorText();
  const notify = useNotify();
  const router = useRouter();
  const next = useRef(variables.length);
  const [rows, setRows] = useState<Row[]>(() => variables.map((v, key) => ({ ...v, key })));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);

  const change = (key: number, patch: Partial<Variable>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
    setDirty(true);
  };
  const add = () => {
    setRows((current) => [...current, { key: next.current++, name: "", type: "text", value: "", description: "" }]);
    setDirty(true);
  };
  const remove = (key: number) => {
    setRows((current) => current.filter((row) => row.key !== key));
    setDirty(true);
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const payload = rows.map(({ name, type, value, description }) => ({
        name: name.trim(),
        type,
        value,
        ...(description.trim() ? { description: description.trim() } : {}),
      }));
      await callOperation(updateDataStoreOp, { variables: payload });
      notify({ tone: "success", title: ta("saved") });
      setDirty(false);
      router.refresh();
    } catch (error) {
      setErrors(rowErrors(error, rows));
      notify({ tone: "error", title: ta("updateError"), description: errorText(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="flex flex-col gap-6">
      <div>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="text-zinc-600">{t("intro")}</p>
      </div>
      <form onSubmit={save} noValidate className="flex flex-col gap-4" data-testid="data-store-editor">
        {rows.length === 0 ? (
          <p className="text-sm text-zinc-500">{t("empty")}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {rows.map((row, index) => {
              const error = errors[row.key];
              const invalid = error ? true : undefined;
              const described = error ? `ds-err-${row.key}` : undefined;
              return (
                <li
                  key={row.key}
                  className="grid gap-3 rounded-lg border border-zinc-200 bg-white p-4 sm:grid-cols-[1fr_9rem_1fr_auto] sm:items-end"
                  data-testid="data-store-row"
                >
                  <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700">
                    {t("name")}
                    <input
                      className={input}
                      required
                      maxLength={VARIABLE_LIMITS.name}
                      value={row.name}
                      aria-invalid={invalid}
                      aria-describedby={described}
                      onChange={(e) => change(row.key, { name: e.target.value })}
                    />
                  </label>
                  <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700">
                    {t("type")}
                    <select className={input} value={row.type} onChange={(e) => change(row.key, { type: e.target.value as DataStoreType })}>
                      {DATA_STORE_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {t(`types.${type}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700">
                    {t("value")}
                    <input
                      className={input}
                      type={INPUT_TYPES[row.type]}
                      step={row.type === "number" || row.type === "currency" ? "any" : undefined}
                      maxLength={DATA_STORE_MAX_VALUE}
                      value={row.value}
                      aria-invalid={invalid}
                      aria-describedby={described}
                      onChange={(e) => change(row.key, { value: e.target.value })}
                    />
                  </label>
                  <Button
                    type="button"
                    variant="ghost"
                    className="text-red-700"
                    aria-label={t("removeOf", { name: row.name.trim() || String(index + 1) })}
                    onClick={() => remove(row.key)}
                  >
                    {t("remove")}
                  </Button>
                  <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700 sm:col-span-4">
                    {t("description")}
                    <input
                      className={input}
                      maxLength={LIMITS.note}
                      value={row.description}
                      onChange={(e) => change(row.key, { description: e.target.value })}
                    />
                  </label>
                  {error && (
                    <p id={described} role="alert" className="text-xs text-red-600 sm:col-span-4">
                      {error}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" variant="secondary" onClick={add} disabled={rows.length >= DATA_STORE_MAX_VARIABLES}>
            {t("add")}
          </Button>
          <Button type="submit" busy={busy} disabled={!dirty}>
            {t("save")}
          </Button>
          <span className="text-sm text-zinc-500" aria-live="polite">
            {dirty ? t("unsaved") : t("max", { max: DATA_STORE_MAX_VARIABLES })}
          </span>
        </div>
      </form>
    </section>
  );
}
