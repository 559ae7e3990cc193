"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useEffect, useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/ui/use-action";
import { callOperation, type OperationOutput } from "@/lib/client/operations";
import { useFormat } from "@/lib/i18n/use-format";
import { sealingHealthOp } from "@/lib/operations/routes/sealing";

export type SealingHealthView = OperationOutput<"sealingHealth">;

/** Problems that stop the sealing of Word documents only (lib/sealing/sealing-health.ts PARTIAL_SEALING_PROBLEMS): amber. */
const PARTIAL = new Set<string>(["converterMissing"]);

/**
 * "Signed documents cannot be sealed now: …" with each problem that stops every seal named (red),
 * and the note for those that stop the sealing of Word documents only (amber); null for each
 * when there is none.
 */
function useProblemsText(health: SealingHealthView | null): { blocking: string | null; partial: string | null } {
  const t = useTranslations("sealing.health");
  if (!health || health.ok) return { blocking: null, partial: null };
  const blocking = health.problems.filter((problem) => !PARTIAL.has(problem));
  return {
    blocking: blocking.length ? t("cannotSeal", { problems: blocking.map((problem) => t(`problems.${problem}`)).join("; ") }) : null,
    partial: health.problems.includes("converterMissing") ? t("converterMissing") : null,
  };
}

/** An amber note: sealing works, but not for every document. */
function Warning({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {children}
    </div>
  );
}

/**
 * On a document's Signatures tab: a red alert when sealing cannot work on this installation
 * (lib/sealing/sealing-health.ts), where signing may go on and the seal waits; an amber note when
 * Word documents cannot be signed and sealed here (no LibreOffice). Nothing when it all works.
 */
export function SealingHealthAlert() {
  const t = useTranslations("sealing.health");
  const [health, setHealth] = useState<SealingHealthView | null>(null);
  useEffect(() => {
    callOperation(sealingHealthOp, {}).then(setHealth, () => undefined);
  }, []);
  const { blocking, partial } = useProblemsText(health);
  if (!blocking && !partial) return null;
  return (
    <div data-testid="sealing-health-alert" className="space-y-2">
      {blocking && (
        <Alert tone="error">
          {blocking} {t("signaturesWait")}
        </Alert>
      )}
      {partial && <Warning>{partial}</Warning>}
    </div>
  );
}

/**
 * The Sealing card of the workspace settings: whether sealing works, the certificate and its end,
 * the time-stamping authority, and (for those who manage the workspace) a fresh check.
 */
export function SealingHealthCard({ initial, canRefresh }: { initial: SealingHealthView; canRefresh: boolean }) {
  const t = useTranslations("sealing.health");
  const format = useFormat();
  const { run, busy } = useAction();
  const [health, setHealth] = useState(initial);
  const { blocking: problems, partial } = useProblemsText(health);
  const date = (value: string) => format.date(value, { dateStyle: "long" });

  async function refresh() {
    const fresh = await run(() => callOperation(sealingHealthOp, { refresh: true }), null, "updateError");
    if (fresh) setHealth(fresh);
  }

  return (
    <section
      aria-labelledby="sealing-health-title"
      className="mt-8 rounded-lg border border-zinc-200 bg-white p-4"
      data-testid="sealing-health"
    >
      <h2 id="sealing-health-title" className="mb-3 text-lg font-semibold">
        {t("title")}
      </h2>
      {problems && (
        <div className="border-l-4 border-red-600">
          <Alert tone="error">
            {problems}
            {health.detail && <span className="mt-1 block text-xs">{t("detail", { detail: health.detail })}</span>}
          </Alert>
        </div>
      )}
      {partial && (
        <div className={problems ? "mt-2" : undefined}>
          <Warning>{partial}</Warning>
        </div>
      )}
      {!problems && !partial && <Alert tone="success">{t("ready")}</Alert>}
      {health.expiresSoon && health.certificate && (
        <p className="mt-2 text-sm text-amber-800" role="status">
          {t("expiresSoon", { date: date(health.certificate.notAfter) })}
        </p>
      )}
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        {health.certificate && (
          <>
            <dt className="font-medium text-zinc-700">{t("certificate")}</dt>
            <dd className="break-words text-zinc-800">
              {health.certificate.subject} ({t(`source.${health.certificate.source}`)}) ·{" "}
              {t("validUntil", { date: date(health.certificate.notAfter) })}
            </dd>
          </>
        )}
        <dt className="font-medium text-zinc-700">{t("timestamps")}</dt>
        <dd className="text-zinc-800">{health.tsa ? t("tsaHost", { host: health.tsa.host }) : t("tsaNone")}</dd>
        <dt className="font-medium text-zinc-700">{t("checked")}</dt>
        <dd className="text-zinc-800">{format.dateTime(health.checkedAt)}</dd>
      </dl>
      {canRefresh && (
        <Button className="mt-3" variant="secondary" busy={busy} onClick={() => void refresh()}>
          {t("checkAgain")}
        </Button>
      )}
    </section>
  );
}
