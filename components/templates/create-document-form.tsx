"use client";

import { useFormatter, useLocale, useTranslations } from "@/lib/i18n/client";
import { useRouter } from "next/navigation";
import { useMemo, useState, type FormEvent } from "react";
import { useErrorText } from "@/components/auth/use-error-text";
import { Button } from "@/components/ui/button";
import { useNotify } from "@/components/ui/notifications";
import { TextField } from "@/components/ui/text-field";
import { callOperation, uploadOperation } from "@/lib/client/operations";
import { countryOptions } from "@/lib/i18n/countries";
import { UPLOAD_TYPES } from "@/lib/templates/variable-types";
import type { Variable } from "@/lib/templates/variables";
import { DocumentField } from "./document-field";
import { initialValue, payloadValue, type Value } from "./document-form-values";
import { FieldControl } from "./field-control";
import { fieldErrors } from "./field-errors";
import { createDocumentFromTemplateOp, updateDocumentValuesOp } from "@/lib/operations/routes/template-document";
import { LIMITS } from "@/lib/validation/limits";

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
  editing?: {
    documentId: string;
    values: Record<string, unknown>;
    files: Record<string, string>;
    onDone: () => void;
    /** Saves instead of updateDocumentValues (a reviewer's own operation); the form shows its errors the same way. */
    save?: (values: Record<string, unknown>, parts: [string, File][]) => Promise<void>;
  };
}) {
  const t = useTranslations("templates");
  const td2 = useTranslations("documents");
  const tfield = useTranslations("errors.fields");
  const ta = useTranslations("alerts");
  const notify = useNotify();
  const format = useFormatter();
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
      if (editing?.save) {
        await editing.save(payload, parts);
        setBusy(false);
        editing.onDone();
        return;
      }
      if (editing) {
        const input = { id: editing.documentId, values: payload };
        await (parts.length ? uploadOperation(updateDocumentValuesOp, input, parts) : callOperation(updateDocumentValuesOp, input));
        notify({ tone: "success", title: ta("saved") });
        editing.onDone();
        router.refresh();
        return;
      }
      const body = { templateId, values: payload, fields: name.trim() ? { name: name.trim() } : {} };
      const document = parts.length
        ? await uploadOperation(createDocumentFromTemplateOp, body, parts)
        : await callOperation(createDocumentFromTemplateOp, body);
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
            maxLength={LIMITS.title}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        )}
        {fields.map((v) => {
          const value = values[v.name];
          return (
            <DocumentField
              key={v.name}
              variable={v}
              error={errors[v.name]}
              currency={currency}
              fromDataStore={globals[v.name] !== undefined && value === globals[v.name]}
            >
              <FieldControl
                variable={v}
                value={value}
                variables={variables}
                values={values}
                error={errors[v.name]}
                countries={countries}
                currentFile={editing?.files[v.name]}
                maxSize={maxSize}
                onChange={(next) => set(v.name, next)}
                onFile={(file) => chooseFile(v.name, file)}
              />
            </DocumentField>
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
          {editing && !editing.save && (
            <Button type="button" variant="secondary" onClick={editing.onDone}>
              {td2("cancelValues")}
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
