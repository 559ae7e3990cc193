"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/confirm-modal";
import { ContextMenu, type ContextMenuItem } from "@/components/ui/context-menu";
import { Modal } from "@/components/ui/modal";
import { TextField } from "@/components/ui/text-field";
import { useAction } from "@/components/ui/use-action";
import { callOperation, operationHref } from "@/lib/client/operations";
import { RELATION_TAG_MAX, RELATION_TYPES, type RelationType } from "@/lib/documents/relation-types";
import type { DOCUMENT_STATUSES } from "@/lib/documents/status";
import { usePdfDownload } from "./use-pdf-download";

type Status = (typeof DOCUMENT_STATUSES)[number];
type Relation = {
  id: string;
  type: RelationType;
  tag: string | null;
  direction: "outgoing" | "incoming";
  other: {
    kind: "document" | "template";
    id: string | null;
    name: string | null;
    status: Status | null;
    format: "pdf" | "docx" | null;
    canOpen: boolean;
  };
  canEdit: boolean;
};
type Candidates = {
  documents: { id: string; name: string; ref: string | null; status: Status }[];
  templates: { id: string; name: string }[];
};

const select = "min-h-10 rounded-md border border-zinc-300 bg-white px-3 text-sm";

/**
 * A document's relations (spec DocumentRelation) in both directions, each with its type, tag and
 * the context menu of spec section 2: Remove, Download PDF, Update tag. Editors add relations
 * with a search over the documents and templates they may see. Loads its own data over REST.
 */
export function RelationsPanel({ documentId, canEdit }: { documentId: string; canEdit: boolean }) {
  const t = useTranslations("relations");
  const tc = useTranslations("common");
  const ts = useTranslations("documents.status");
  const action = useAction();
  const busy = action.busy;
  const [relations, setRelations] = useState<Relation[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [adding, setAdding] = useState(false);
  const [tagging, setTagging] = useState<Relation | null>(null);
  const [removing, setRemoving] = useState<Relation | null>(null);
  const pdf = usePdfDownload();

  const load = useCallback(async () => {
    try {
      setRelations(await callOperation("relations", { id: documentId }));
      setLoadFailed(false);
    } catch {
      setLoadFailed(true);
    }
  }, [documentId]);

  useEffect(() => {
    // The list comes from the server: fetched once the panel is in the browser.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  /** Runs a change with the usual alerts, then reloads (useAction refreshes the activity tab too); true when it worked. */
  async function change(
    call: () => Promise<unknown>,
    success: "added" | "updated",
    failure: "createError" | "updateError" | "deleteError",
  ) {
    const done = await action.run(
      async () => {
        await call();
        await load();
        return true;
      },
      success,
      failure,
    );
    return done === true;
  }

  const nameOf = (r: Relation) => r.other.name ?? t(r.other.kind === "template" ? "hiddenTemplate" : "hiddenDocument");
  const menuOf = (r: Relation): ContextMenuItem[] => [
    // Spec section 2, "download PDF": a document the caller may read comes as PDF, a Word one
    // converted by LibreOffice on the server (usePdfDownload says so when it cannot be); a
    // template as its file.
    ...(r.other.canOpen && r.other.id
      ? [
          r.other.kind === "template"
            ? { label: t("download"), href: operationHref("getTemplateFile", { id: r.other.id }), download: true }
            : { label: t("downloadPdf"), onSelect: () => void pdf.download(r.other.id!) },
        ]
      : []),
    ...(r.canEdit
      ? [
          { label: t("updateTag"), onSelect: () => setTagging(r) },
          { label: t("remove"), onSelect: () => setRemoving(r), danger: true },
        ]
      : []),
  ];

  const group = (direction: Relation["direction"]) => {
    const rows = (relations ?? []).filter((r) => r.direction === direction);
    const headingId = `relations-${direction}`;
    return (
      <section aria-labelledby={headingId} className="flex flex-col gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-zinc-700">
          {t(direction)}
        </h3>
        {rows.length === 0 ? (
          <p className="text-sm text-zinc-500">{t(direction === "outgoing" ? "emptyOutgoing" : "emptyIncoming")}</p>
        ) : (
          <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white">
            {rows.map((r) => {
              const items = menuOf(r);
              return (
                <li key={r.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="relation-row">
                  <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-700">
                    {t(direction === "outgoing" ? `types.${r.type}` : `inverse.${r.type}`)}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2">
                      {r.other.canOpen && r.other.id ? (
                        <a
                          className="break-words font-medium text-brand-700 hover:underline"
                          href={r.other.kind === "template" ? `/t/${r.other.id}/view` : `/d/${r.other.id}/view`}
                        >
                          {r.other.name}
                        </a>
                      ) : (
                        <span className="italic text-zinc-500">{nameOf(r)}</span>
                      )}
                      {r.tag && (
                        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700" data-testid="relation-tag">
                          {r.tag}
                        </span>
                      )}
                    </p>
                    <p className="text-xs text-zinc-500">
                      {t(`kinds.${r.other.kind}`)}
                      {r.other.status && ` · ${ts(r.other.status)}`}
                    </p>
                  </div>
                  {items.length > 0 && <ContextMenu label={t("actions", { name: nameOf(r) })} items={items} />}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    );
  };

  return (
    <section aria-labelledby="relations-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="relations-title" className="text-lg font-semibold">
            {t("title")}
          </h2>
          <p className="text-sm text-zinc-600">{t("intro")}</p>
        </div>
        {canEdit && <Button onClick={() => setAdding(true)}>{t("add")}</Button>}
      </div>
      {loadFailed ? (
        <Alert tone="error">{t("loadError")}</Alert>
      ) : relations === null ? (
        <p role="status" className="text-sm text-zinc-500">
          {tc("loading")}
        </p>
      ) : (
        <>
          {group("outgoing")}
          {group("incoming")}
        </>
      )}
      <Modal open={adding} size="lg" title={t("add")} onClose={() => setAdding(false)}>
        {adding && (
          <AddRelationForm
            documentId={documentId}
            busy={busy}
            onCancel={() => setAdding(false)}
            onSubmit={async (data) => {
              if (await change(() => callOperation("createRelation", { ...data, id: documentId }), "added", "createError"))
                setAdding(false);
            }}
          />
        )}
      </Modal>
      <Modal open={tagging !== null} size="sm" title={t("updateTag")} onClose={() => setTagging(null)}>
        {tagging && (
          <TagForm
            key={tagging.id}
            initial={tagging.tag ?? ""}
            busy={busy}
            onCancel={() => setTagging(null)}
            onSubmit={async (tag) => {
              if (
                await change(() => callOperation("updateRelation", { relationId: tagging.id, tag: tag || null }), "updated", "updateError")
              )
                setTagging(null);
            }}
          />
        )}
      </Modal>
      <ConfirmModal
        open={removing !== null}
        title={t("remove")}
        message={removing ? t("confirmRemove", { name: nameOf(removing) }) : ""}
        confirmLabel={t("remove")}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const relation = removing;
          setRemoving(null);
          if (relation) void change(() => callOperation("deleteRelation", { relationId: relation.id }), "updated", "deleteError");
        }}
      />
    </section>
  );
}

/** The "Update tag" modal: one short text; empty clears the tag. */
function TagForm({
  initial,
  busy,
  onSubmit,
  onCancel,
}: {
  initial: string;
  busy: boolean;
  onSubmit: (tag: string) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("relations");
  const tc = useTranslations("common");
  const [tag, setTag] = useState(initial);
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(tag.trim());
      }}
    >
      <TextField
        label={t("tag")}
        maxLength={RELATION_TAG_MAX}
        value={tag}
        onChange={(e) => setTag(e.target.value)}
        hint={t("tagHint")}
        autoFocus
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          {tc("cancel")}
        </Button>
        <Button type="submit" busy={busy}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}

/** The "Add relation" form: search the candidates, pick one (radio buttons), its type and an optional tag. */
function AddRelationForm({
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
      callOperation("relationCandidates", { id: documentId, q: q.trim() })
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
        maxLength={200}
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
