"use client";

import { useFormatter, useTranslations } from "@/lib/i18n/client";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/ui/use-action";
import { callOperation } from "@/lib/client/operations";
import { resealDocumentOp } from "@/lib/operations/routes/sealing";

/** Document.metadata.sealing as the document screen passes it (lib/sealing/sealing-state.ts). */
export type SealingBannerState = {
  state: "sealing" | "failed" | "sealed";
  error?: string | null;
  /** A reason the banner says in the reader's language (a missing converter), else `error` is shown as recorded. */
  reason?: "converterMissing";
  attempts: number;
  final?: boolean;
  /** When the state was written, ISO (for a sealed document: when it was sealed). */
  at?: string;
};

/**
 * The state of a signed document's sealing on its screen (issue 16): nothing when never tried;
 * a note while it is being sealed; a warning while a failed attempt waits for its retry; an alert
 * once the retries are spent, where an owner may queue it again (resealDocument); once sealed, that
 * it is signed and sealed, when, and where anyone can check a copy (/verify).
 */
export function SealingBanner({
  documentId,
  sealing,
  canRetry,
}: {
  documentId: string;
  sealing: SealingBannerState | null;
  canRetry: boolean;
}) {
  const t = useTranslations("sealing.banner");
  const format = useFormatter();
  const { run, busy, error } = useAction();
  if (!sealing) return null;
  if (sealing.state === "sealed")
    return (
      <div
        role="status"
        data-testid="sealed-badge"
        className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
      >
        <p className="min-w-0 flex-1">
          {sealing.at
            ? t("sealed", { date: format.dateTime(new Date(sealing.at), { dateStyle: "long", timeStyle: "short" }) })
            : t("sealedUndated")}
        </p>
        <a href="/verify" className="font-medium underline underline-offset-2">
          {t("verify")}
        </a>
      </div>
    );
  const failedForGood = sealing.state === "failed" && sealing.final;
  const tone =
    sealing.state === "sealing"
      ? "border-brand-200 bg-brand-50 text-brand-900"
      : failedForGood
        ? "border-red-300 bg-red-50 text-red-900"
        : "border-amber-300 bg-amber-50 text-amber-900";
  const message =
    sealing.state === "sealing"
      ? t("sealing")
      : failedForGood
        ? t("failed", { error: sealing.reason ? t(`reasons.${sealing.reason}`) : (sealing.error ?? "") })
        : t("retrying", { error: sealing.error ?? "", attempts: sealing.attempts });
  return (
    <div
      role={failedForGood ? "alert" : "status"}
      data-testid="sealing-banner"
      className={`flex flex-wrap items-center justify-between gap-3 rounded-md border px-4 py-3 text-sm ${tone}`}
    >
      <p className="min-w-0 flex-1 break-words">{message}</p>
      {failedForGood && canRetry && (
        <Button busy={busy} onClick={() => void run(() => callOperation(resealDocumentOp, { id: documentId }), "sent", "sendError")}>
          {t("retry")}
        </Button>
      )}
      {error && <p className="w-full text-red-800">{error}</p>}
    </div>
  );
}
