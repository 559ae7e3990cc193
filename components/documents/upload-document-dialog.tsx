"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useRouter } from "next/navigation";
import { Suspense, useState, type FormEvent } from "react";
import { useErrorText } from "@/components/auth/use-error-text";
import { LazyUpgradeModal } from "@/components/layout/lazy-upgrade-modal";
import { TEMPLATE_ACCEPT } from "@/lib/templates/template-accept";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { useNotify } from "@/components/ui/notifications";
import type { UpgradeContact } from "@/lib/accounts/get-upgrade-contact";
import { ApiError } from "@/lib/client/api";
import { callOperation, uploadOperation } from "@/lib/client/operations";
import { getUpgradeContactOp } from "@/lib/operations/routes/account";
import { createDocumentOp } from "@/lib/operations/routes/document";

/**
 * The upload dialog of the documents list (upload-document.tsx fetches this module on the
 * first press of Upload and keeps it). Uploads one document (it opens) or several at once (the import, a paid feature: when the plan
 * lacks it the server answers FEATURE_NOT_IN_PLAN and the upgrade prompt opens, as for the
 * starred menu entries, spec section 6). Past the plan's document limit (PLAN_LIMIT_REACHED) the
 * prompt opens too, with the refusal's text.
 */
export function UploadDocumentDialog({
  folderId,
  open,
  session,
  onOpenChange,
}: {
  folderId: string | null;
  open: boolean;
  /** Counts the openings: each starts with no files and no error. */
  session: number;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useTranslations("documents");
  const ta = useTranslations("alerts");
  const errorText = useErrorText();
  const notify = useNotify();
  const router = useRouter();
  const setOpen = onOpenChange;
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [opening, setOpening] = useState(session);
  if (opening !== session) {
    setOpening(session);
    setFiles([]);
    setError(null);
  }
  const [busy, setBusy] = useState(false);
  // Kept once shown (open or not), so the prompt's dialog returns focus when it closes.
  const [upgrade, setUpgrade] = useState<{
    open: boolean;
    contact: UpgradeContact;
    capability: string | null;
    reason: string | null;
  } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await uploadOperation(createDocumentOp, folderId ? { folderId } : {}, files);
      notify({ tone: "success", title: ta("added") });
      // One file makes one document, which opens; several (an import) stay in the list.
      if ("id" in result) router.push(`/d/${result.id}/view`);
      else {
        setOpen(false);
        router.refresh();
      }
    } catch (failure) {
      if (failure instanceof ApiError && (failure.code === "FEATURE_NOT_IN_PLAN" || failure.code === "PLAN_LIMIT_REACHED")) {
        // Where "Upgrade now" leads is the server's to say (checkout, the administrators' addresses);
        // without it the plain message is shown instead.
        const contact = await callOperation(getUpgradeContactOp, {}).catch(() => null);
        const capability = typeof failure.details?.capability === "string" ? failure.details.capability : null;
        if (contact) {
          setOpen(false);
          setUpgrade({ open: true, contact, capability, reason: failure.code === "PLAN_LIMIT_REACHED" ? errorText(failure) : null });
        } else setError(errorText(failure));
      } else setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Modal open={open} title={t("uploadTitle")} size="lg" onClose={() => setOpen(false)}>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <p className="text-sm text-zinc-600">{t("uploadHelp")}</p>
          <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700">
            {t("files")}
            <input
              type="file"
              multiple
              required
              accept={TEMPLATE_ACCEPT}
              onChange={(e) => setFiles([...(e.target.files ?? [])])}
              className="rounded-md border border-dashed border-zinc-300 bg-zinc-50 p-4 text-sm"
            />
          </label>
          {error && (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" busy={busy} disabled={files.length === 0}>
              {t("uploadButton")}
            </Button>
          </div>
        </form>
      </Modal>
      {upgrade && (
        <Suspense fallback={null}>
          <LazyUpgradeModal
            open={upgrade.open}
            feature={t("importFeature")}
            capability={upgrade.capability}
            reason={upgrade.reason}
            contact={upgrade.contact}
            onClose={() => setUpgrade({ ...upgrade, open: false })}
          />
        </Suspense>
      )}
    </>
  );
}
