"use client";

import { Link } from "@/components/ui/link";
import { useTranslations } from "@/lib/i18n/client";
import { useState } from "react";
import { useErrorText } from "@/components/auth/use-error-text";
import { Button } from "@/components/ui/button";
import { useNotify } from "@/components/ui/notifications";
import { ApiError } from "@/lib/client/api";
import { callOperation } from "@/lib/client/operations";
import { registerAccessDocumentPolicyOp } from "@/lib/operations/routes/policy";

type Status = "requested" | "refused" | "active" | null;

/**
 * "Request access" for a document of the workspace the person cannot see (spec
 * registerAccessDocumentPolicy). `card` is the whole "no access" message; `inline` is the button
 * and its state alone (home screen rows). `initialStatus` is the person's current request, if
 * the page knows it. With the workspace setting autoApproveDocPolicy the access is granted at once.
 */
export function RequestAccess({
  documentId,
  initialStatus = null,
  variant = "card",
}: {
  documentId: string;
  initialStatus?: Status;
  variant?: "card" | "inline";
}) {
  const t = useTranslations("documentAccess.request");
  const ta = useTranslations("alerts");
  const errorText = useErrorText();
  const notify = useNotify();
  const [status, setStatus] = useState<Status>(initialStatus);
  const [busy, setBusy] = useState(false);

  async function request() {
    setBusy(true);
    try {
      const policy = await callOperation(registerAccessDocumentPolicyOp, { id: documentId });
      setStatus(policy.status);
      notify({ tone: "success", title: ta("sent") });
    } catch (error) {
      // CONFLICT: the person already has access (granted meanwhile).
      if (error instanceof ApiError && error.code === "CONFLICT") setStatus("active");
      else notify({ tone: "error", title: ta("sendError"), description: errorText(error) });
    } finally {
      setBusy(false);
    }
  }

  const state =
    status === "requested" ? (
      <p role="status" className="text-sm">
        <span className="font-medium text-emerald-700">{t("sent")}</span>
        {variant === "card" && <span className="mt-1 block text-zinc-600">{t("sentBody")}</span>}
      </p>
    ) : status === "active" ? (
      <p role="status" className="flex flex-wrap items-center gap-3 text-sm">
        <span className="font-medium text-emerald-700">{t("granted")}</span>
        {variant === "card" && <span className="text-zinc-600">{t("grantedBody")}</span>}
        <Link href={`/d/${documentId}/view`} className="font-medium text-brand-700 underline">
          {t("open")}
        </Link>
      </p>
    ) : (
      <div className="flex flex-col items-start gap-2">
        {status === "refused" && variant === "card" && <p className="text-sm text-zinc-600">{t("refused")}</p>}
        <Button variant={variant === "card" ? "primary" : "secondary"} busy={busy} onClick={() => void request()}>
          {t("button")}
        </Button>
      </div>
    );

  if (variant === "inline") return state;
  return (
    <section
      className="flex max-w-lg flex-col gap-3 rounded-lg border border-zinc-200 bg-white p-6"
      aria-labelledby={`request-access-${documentId}`}
    >
      <h2 id={`request-access-${documentId}`} className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="text-sm text-zinc-600">{t("body")}</p>
      {state}
    </section>
  );
}
