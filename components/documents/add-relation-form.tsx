"use client";

/** The relations tab's Add relation form (search, pick, type, tag). */

import { useTranslations } from "@/lib/i18n/client";
import { useEffect, useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { callOperation } from "@/lib/client/operations";
import { RELATION_TAG_MAX, RELATION_TYPES, type RelationType } from "@/lib/documents/relation-types";
import type { Status } from "./relation-group";
import { relationCandidatesOp } from "@/lib/operations/routes/relation";
import { LIMITS } from "@/lib/validation/limits";

type Candidates = {
  documents: { id: string; name: string; ref: string | null; status: Status }[];
  templates: { id: string; name: string }[];
};

const select = "min-h-10 rounded-md border border-zinc-300 bg-white px-3 text-sm";

/** The "Add relation" form: search the candidates, pick one (radio buttons), its type and an optional tag. */
export function AddRelationForm({
  documentId,
  busy,
  onSubmit,
  onCancel,
}: {
  documentId: string;
  busy: boolean;
  onSubmit: (data: { toDocumentId?: string; toTemplateId?: string; type: RelationType; tag: string | null }) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("relations");
  const tc = useTranslations("common");
  const ts = useTranslations("documents.status");
  const ids = useId();
  const [q, setQ] = useState("");
  const [candidates, setCandidates] = useState<Candidates | null>(null);
  const [searchFailed, setSearchFailed] = useState(false);
  const [target, setTarget] = useState<string>("");
  const [type, setType] = useState<RelationType>("related");
  const [tag, setTag] = useState("");
  const [targetError, setTargetError] = useState<string | null>(null);

  // Searches as the person types, a quarter of a second after the last key.
  useEffect(() => {
    let active = true;
    const timer = setTimeout(() => {
      callOperation(relationCandidatesOp, { id: documentId, q: q.trim() })
        .then((found) => {
          if (!active) return;
          setCandidates(found);
          setSearchFailed(false);
        })
        .catch(() => active && setSearchFailed(true));
    }, 250);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [documentId, q]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const [kind, id] = target.split(":");
    if (!id) {
      setTargetError(t("chooseTarget"));
      return;
    }
    setTargetError(null);
    onSubmit({ ...(kind === "template" ? { toTemplateId: id } : { toDocumentId: id }), type, tag: tag.trim() || null });
  }

  const option = (value: string, label: string, detail: string | null) => (
    <label
      key={value}
      className="flex min-h-10 cursor-pointer items-center gap-2 rounded px-2 py-1 text-sm hover:bg-zinc-50 has-[:checked]:bg-brand-50"
    >
      <input
        type="radio"
        name={`${ids}-target`}
        value={value}
        checked={target === value}
        onChange={() => setTarget(value)}
        className="size-4"
      />
      <span className="break-words font-medium">{label}</span>
      {detail && <span className="text-xs text-zinc-500">{detail}</span>}
    </label>
  );
  const empty = candidates && candidates.documents.length === 0 && candidates.templates.length === 0;

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <TextField
        label={t("search")}
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        hint={t("searchHint")}
        maxLength={LIMITS.search}
        autoFocus
      />
      <fieldset className="flex flex-col gap-2" aria-describedby={targetError ? `${ids}-target-error` : undefined}>
        <legend className="text-sm font-medium text-zinc-700">{t("target")}</legend>
        <div className="max-h-64 overflow-y-auto rounded-md border border-zinc-200 p-2" aria-live="polite">
          {searchFailed ? (
            <p className="text-sm text-red-700">{t("searchError")}</p>
          ) : candidates === null ? (
            <p className="text-sm text-zinc-500">{tc("loading")}</p>
          ) : empty ? (
            <p className="text-sm text-zinc-500">{t("noCandidates")}</p>
          ) : (
            <>
              {candidates.documents.length > 0 && (
                <div role="group" aria-label={t("documents")}>
                  <p className="px-2 pt-1 text-xs font-semibold uppercase text-zinc-500">{t("documents")}</p>
                  {candidates.documents.map((d) =>
                    option(`document:${d.id}`, d.name, [d.ref && `#${d.ref}`, ts(d.status)].filter(Boolean).join(" · ")),
                  )}
                </div>
              )}
              {candidates.templates.length > 0 && (
                <div role="group" aria-label={t("templates")}>
                  <p className="px-2 pt-1 text-xs font-semibold uppercase text-zinc-500">{t("templates")}</p>
                  {candidates.templates.map((tpl) => option(`template:${tpl.id}`, tpl.name, null))}
                </div>
              )}
            </>
          )}
        </div>
        {targetError && (
          <p id={`${ids}-target-error`} role="alert" className="text-xs text-red-600">
            {targetError}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}-type`} className="text-sm font-medium text-zinc-700">
            {t("type")}
          </label>
          <select id={`${ids}-type`} className={select} value={type} onChange={(e) => setType(e.target.value as RelationType)}>
            {RELATION_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`types.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <TextField label={t("tag")} maxLength={RELATION_TAG_MAX} value={tag} onChange={(e) => setTag(e.target.value)} hint={t("tagHint")} />
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          {tc("cancel")}
        </Button>
        <Button type="submit" busy={busy}>
          {t("create")}
        </Button>
      </div>
    </form>
  );
}
