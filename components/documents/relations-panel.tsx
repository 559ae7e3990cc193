"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useCallback, useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/confirm-modal";
import type { ContextMenuItem } from "@/components/ui/context-menu";
import { Modal } from "@/components/ui/modal";
import { useAction } from "@/components/ui/use-action";
import { callOperation, operationHref } from "@/lib/client/operations";
import { AddRelationForm } from "./add-relation-form";
import { RelationGroup, type Relation } from "./relation-group";
import { TagForm } from "./relation-tag-form";
import { usePdfDownload } from "./use-pdf-download";
import { createRelationOp, deleteRelationOp, relationsOp, updateRelationOp } from "@/lib/operations/routes/relation";
import { getTemplateFileOp } from "@/lib/operations/routes/template";

/**
 * A document's relations (spec DocumentRelation) in both directions, each with its type, tag and
 * the context menu of spec section 2: Remove, Download PDF, Update tag. Editors add relations
 * with a search over the documents and templates they may see. Loads its own data over REST.
 */
export function RelationsPanel({ documentId, canEdit }: { documentId: string; canEdit: boolean }) {
  const t = useTranslations("relations");
  const tc = useTranslations("common");
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
      setRelations(await callOperation(relationsOp, { id: documentId }));
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
            ? { label: t("download"), href: operationHref(getTemplateFileOp, { id: r.other.id }), download: true }
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
          <RelationGroup direction="outgoing" relations={relations} nameOf={nameOf} menuOf={menuOf} />
          <RelationGroup direction="incoming" relations={relations} nameOf={nameOf} menuOf={menuOf} />
        </>
      )}
      <Modal open={adding} size="lg" title={t("add")} onClose={() => setAdding(false)}>
        {adding && (
          <AddRelationForm
            documentId={documentId}
            busy={busy}
            onCancel={() => setAdding(false)}
            onSubmit={async (data) => {
              if (await change(() => callOperation(createRelationOp, { ...data, id: documentId }), "added", "createError"))
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
                await change(() => callOperation(updateRelationOp, { relationId: tagging.id, tag: tag || null }), "updated", "updateError")
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
          if (relation) void change(() => callOperation(deleteRelationOp, { relationId: relation.id }), "updated", "deleteError");
        }}
      />
    </section>
  );
}
