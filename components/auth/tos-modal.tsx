"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { useNotify } from "@/components/ui/notifications";
import { callOperation } from "@/lib/client/operations";
import { acceptTosOp } from "@/lib/operations/routes/user";

/**
 * Spec section 4 "Session": the terms dialog cannot be dismissed; Accept calls the server. It links
 * the terms the operator publishes (`TERMS_URL`, lib/navigation/terms-url.ts), when set.
 */
export function TosModal({ firstName, termsUrl }: { firstName: string; termsUrl: string | null }) {
  const t = useTranslations("tos");
  const ta = useTranslations("alerts");
  const notify = useNotify();
  const [open, setOpen] = useState(true);
  const [busy, setBusy] = useState(false);

  async function accept() {
    setBusy(true);
    try {
      const result = await callOperation(acceptTosOp, {});
      if (!result?.id) throw new Error("no id");
      setOpen(false);
      window.dispatchEvent(new CustomEvent("termsAccepted"));
    } catch {
      notify({ tone: "error", title: ta("acceptTosError"), description: ta("acceptTosErrorDescription") });
    }
    setBusy(false);
  }

  return (
    <Modal
      open={open}
      title={t("title")}
      size="lg"
      cancel={[]}
      footer={
        <Button onClick={accept} busy={busy}>
          {t("accept")}
        </Button>
      }
    >
      <p className="mb-2 font-medium">{t("greeting", { name: firstName })}</p>
      <p className="text-sm text-zinc-700">{t("body")}</p>
      {termsUrl && (
        <p className="mt-3 text-sm">
          <a href={termsUrl} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline underline-offset-2">
            {t("read")}
          </a>
        </p>
      )}
    </Modal>
  );
}
