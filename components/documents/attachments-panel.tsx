"use client";

import { useFormatter, useTranslations } from "@/lib/i18n/client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/confirm-modal";
import { useAction } from "@/components/ui/use-action";
import { callOperation, operationHref, uploadOperation } from "@/lib/client/operations";
import { createAttachmentOp, deleteAttachmentOp, getAttachmentFileOp } from "@/lib/operations/routes/attachment";

export type AttachmentItem = {
  id: string;
  /** The template field the file fills (shown by its form name); null for an annex. */
  field: string | null;
  name: string;
  mimetype: string;
  size: number;
  author: string | null;
  createdAt: string;
};

/**
 * The files kept with a document (spec: readers view attachments): the files of its upload
 * fields and the annexes editors attach. Everyone who sees the document downloads them; editors
 * attach (PDF, Word, images; checked by the server) and remove annexes. A field's file stays.
 */
export function AttachmentsPanel({
  documentId,
  attachments,
  canEdit,
  maxUploadBytes,
}: {
  documentId: string;
  attachments: AttachmentItem[];
  canEdit: boolean;
  maxUploadBytes: number;
}) {
  const t = useTranslations("documents.attachments");
  const format = useFormatter();
  const { run, busy } = useAction();
  const [removing, setRemoving] = useState<AttachmentItem | null>(null);
  const size = (bytes: number) =>
    bytes < 1024
      ? format.number(bytes, { style: "unit", unit: "byte" })
      : bytes < 1024 * 1024
        ? format.number(bytes / 1024, { style: "unit", unit: "kilobyte", maximumFractionDigits: 0 })
        : format.number(bytes / 1024 / 1024, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 });
  const href = (item: AttachmentItem) => operationHref(getAttachmentFileOp, { id: documentId, attachmentId: item.id });

  return (
    <div className="flex flex-col gap-3">
      {canEdit && (
        <div className="flex flex-wrap items-center gap-3">
          <label
            className="inline-flex w-fit cursor-pointer items-center rounded-md border border-zinc-300 bg-white px-4 py-2 text-sm font-medium hover:bg-zinc-50 focus-within:ring-2 focus-within:ring-brand-500"
            aria-disabled={busy}
          >
            {t("add")}
            <input
              type="file"
              accept=".pdf,.docx,image/png,image/jpeg,image/webp"
              className="sr-only"
              disabled={busy}
              data-testid="attachment-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = "";
                if (file) run(() => uploadOperation(createAttachmentOp, { id: documentId }, file), "added", "createError");
              }}
            />
          </label>
          <span className="text-xs text-zinc-500">{t("accepted", { max: size(maxUploadBytes) })}</span>
        </div>
      )}
      {attachments.length === 0 ? (
        <p className="text-sm text-zinc-600">{t("empty")}</p>
      ) : (
        <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white" aria-label={t("title")}>
          {attachments.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-3 px-4 py-2 text-sm" data-testid="attachment-row">
              <a
                className="font-medium text-brand-700 hover:underline"
                href={href(item)}
                download
                aria-label={t("downloadNamed", { name: item.name })}
              >
                {item.name}
              </a>
              <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700">
                {item.field ? t("field", { name: item.field }) : t("annex")}
              </span>
              <span className="text-zinc-500">{size(item.size)}</span>
              {item.author && <span className="text-zinc-500">{item.author}</span>}
              <span className="text-zinc-500">
                {format.dateTime(new Date(item.createdAt), { dateStyle: "medium", timeStyle: "short" })}
              </span>
              <span className="flex-1" />
              {canEdit && !item.field && (
                <Button variant="secondary" onClick={() => setRemoving(item)} aria-label={t("removeNamed", { name: item.name })}>
                  {t("remove")}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmModal
        open={!!removing}
        title={t("remove")}
        message={removing ? t("confirmRemove", { name: removing.name }) : ""}
        confirmLabel={t("remove")}
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          const item = removing;
          setRemoving(null);
          if (item) await run(() => callOperation(deleteAttachmentOp, { id: documentId, attachmentId: item.id }), "updated", "deleteError");
        }}
      />
    </div>
  );
}
