"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useCallback, useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/confirm-modal";
import { Modal } from "@/components/ui/modal";
import { useNotify } from "@/components/ui/notifications";
import { useAction } from "@/components/ui/use-action";
import { callOperation } from "@/lib/client/operations";
import { LinkSettingsForm, type Settings, type ShareLink } from "./link-settings-form";
import { ShareLinkRow } from "./share-link-row";
import { createLinkOp, deleteLinkOp, linksOp, updateLinkOp } from "@/lib/operations/routes/link";

/**
 * The share links of a document (spec DocumentLink): list with role, expiry, last access and an
 * expired badge; create; copy; and the context menu of the spec, "Update settings" and "Remove".
 * Only editors manage links (`canShare`); the lead embeds this in the document screen.
 */
export function ShareLinksPanel({ documentId, canShare }: { documentId: string; canShare: boolean }) {
  const t = useTranslations("shareLinks");
  const ta = useTranslations("alerts");
  const tc = useTranslations("common");
  const notify = useNotify();
  const [links, setLinks] = useState<ShareLink[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [editing, setEditing] = useState<ShareLink | "new" | null>(null);
  const [removing, setRemoving] = useState<ShareLink | null>(null);
  const action = useAction();
  const busy = action.busy;

  const load = useCallback(async () => {
    try {
      setLinks(await callOperation(linksOp, { id: documentId }));
      setLoadFailed(false);
    } catch {
      setLoadFailed(true);
    }
  }, [documentId]);

  useEffect(() => {
    // The list comes from the server: fetched once the panel is in the browser.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (canShare) void load();
  }, [canShare, load]);

  async function save(settings: Settings) {
    const isNew = editing === "new";
    const saved = await action.run(
      async () => {
        if (isNew) await callOperation(createLinkOp, { ...settings, id: documentId });
        else if (editing) await callOperation(updateLinkOp, { ...settings, linkId: editing.id });
        return true;
      },
      isNew ? "added" : "updated",
      isNew ? "createError" : "updateError",
    );
    if (!saved) return;
    setEditing(null);
    await load();
  }

  async function remove(link: ShareLink) {
    setRemoving(null);
    if (await action.run(() => callOperation(deleteLinkOp, { linkId: link.id }), "updated", "deleteError")) await load();
  }

  async function copy(link: ShareLink) {
    try {
      await navigator.clipboard.writeText(link.url);
      notify({ tone: "success", title: ta("copied") });
    } catch {
      notify({ tone: "error", title: ta("copyFailed") });
    }
  }

  return (
    <section aria-labelledby="share-links-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="share-links-title" className="text-lg font-semibold">
            {t("title")}
          </h2>
          <p className="text-sm text-zinc-600">{t("intro")}</p>
        </div>
        {canShare && <Button onClick={() => setEditing("new")}>{t("newLink")}</Button>}
      </div>
      {!canShare ? (
        <p className="text-sm text-zinc-500">{t("cannotShare")}</p>
      ) : loadFailed ? (
        <Alert tone="error">{t("loadError")}</Alert>
      ) : links === null ? (
        <p role="status" className="text-sm text-zinc-500">
          {tc("loading")}
        </p>
      ) : links.length === 0 ? (
        <p className="text-sm text-zinc-500">{t("empty")}</p>
      ) : (
        <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 bg-white">
          {links.map((link) => (
            <ShareLinkRow
              key={link.id}
              link={link}
              onCopy={() => void copy(link)}
              onEdit={() => setEditing(link)}
              onRemove={() => setRemoving(link)}
            />
          ))}
        </ul>
      )}
      <Modal
        open={editing !== null}
        size="lg"
        title={editing === "new" ? t("newLink") : t("updateSettings")}
        onClose={() => setEditing(null)}
      >
        {editing !== null && (
          <LinkSettingsForm
            key={editing === "new" ? "new" : editing.id}
            link={editing === "new" ? null : editing}
            busy={busy}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <ConfirmModal
        open={removing !== null}
        title={t("remove")}
        message={removing ? t("confirmRemove", { name: removing.name }) : ""}
        confirmLabel={t("remove")}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void remove(removing)}
      />
    </section>
  );
}
