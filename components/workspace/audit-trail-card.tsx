"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { ApiError } from "@/lib/client/api";
import { operationHref, uploadOperation, type OperationOutput } from "@/lib/client/operations";
import { useFormat } from "@/lib/i18n/use-format";
import { verifyAuditTrailOp } from "@/lib/operations/routes/verify-audit-trail";
import { exportAuditTrailOp } from "@/lib/operations/routes/export-audit-trail";

type Verdict = OperationOutput<"verifyAuditTrail">;

/**
 * The audit trail in the workspace settings (docs/audit-chain.md): download the workspace's
 * trail as a hash chain, and check an exported one (the same check as `npm run audit:verify`).
 */
export function AuditTrailCard({ accountId }: { accountId: string }) {
  const t = useTranslations("workspace.auditTrail");
  const format = useFormat();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function check(file: File | undefined) {
    if (!file) return;
    setVerdict(null);
    setError(null);
    setBusy(true);
    try {
      setVerdict(await uploadOperation(verifyAuditTrailOp, {}, file));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <section aria-labelledby="audit-trail-title" className="mt-8 rounded-lg border border-zinc-200 bg-white p-4" data-testid="audit-trail">
      <h2 id="audit-trail-title" className="mb-1 text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="mb-3 text-sm text-zinc-600">{t("intro")}</p>
      <div className="flex flex-wrap items-center gap-3">
        <a
          href={operationHref(exportAuditTrailOp, {})}
          download
          className="inline-flex min-h-10 items-center rounded-md border border-zinc-300 bg-white px-4 py-2 text-sm font-medium text-zinc-800 hover:bg-zinc-50"
        >
          {t("download")}
        </a>
        <label className="inline-flex min-h-10 cursor-pointer items-center rounded-md border border-zinc-300 bg-white px-4 py-2 text-sm font-medium text-zinc-800 focus-within:ring-2 focus-within:ring-brand-500 hover:bg-zinc-50">
          {busy ? t("checking") : t("verify")}
          <input
            ref={input}
            type="file"
            accept="application/json,.json"
            className="sr-only"
            disabled={busy}
            onChange={(event) => void check(event.target.files?.[0])}
          />
        </label>
      </div>
      <div aria-live="polite" className="mt-3">
        {error && <Alert tone="error">{error}</Alert>}
        {verdict &&
          (verdict.valid ? (
            <Alert tone="success">
              {t("holds", { rows: verdict.rows, date: format.dateTime(verdict.exportedAt) })}
              {verdict.accountId !== accountId && <span className="mt-1 block">{t("otherWorkspace")}</span>}
            </Alert>
          ) : (
            <Alert tone="error">{t("breaks", { sequence: verdict.brokenAt!.sequence, reason: verdict.brokenAt!.reason })}</Alert>
          ))}
      </div>
    </section>
  );
}
