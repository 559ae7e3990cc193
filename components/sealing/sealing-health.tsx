"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/ui/use-action";
import { callOperation, type OperationOutput } from "@/lib/client/operations";
import { useFormat } from "@/lib/i18n/use-format";
import { sealingHealthOp } from "@/lib/operations/routes/sealing";

export type SealingHealthView = OperationOutput<"sealingHealth">;

/** "Signed documents cannot be sealed now: …" with each problem named, or null when sealing works. */
function useProblemsText(health: SealingHealthView | null): string | null {
  const t = useTranslations("sealing.health");
  if (!health || health.ok) return null;
  return t("cannotSeal", { problems: health.problems.map((problem) => t(`problems.${problem}`)).join("; ") });
}

/**
 * A red alert on a document's Signatures tab when sealing cannot work on this installation
 * (lib/sealing/sealing-health.ts): signing may go on, the seal waits. Nothing when it works.
 */
export function SealingHealthAlert() {
  const t = useTranslations("sealing.health");
  const [health, setHealth] = useState<SealingHealthView | null>(null);
  useEffect(() => {
    callOperation(sealingHealthOp, {}).then(setHealth, () => undefined);
  }, []);
  const problems = useProblemsText(health);
  if (!problems) return null;
  return (
    <div data-testid="sealing-health-alert">
      <Alert tone="error">
        {problems} {t("signaturesWait")}
      </Alert>
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
  const problems = useProblemsText(health);
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
      {problems ? (
        <div className="border-l-4 border-red-600">
          <Alert tone="error">
            {problems}
            {health.detail && <span className="mt-1 block text-xs">{t("detail", { detail: health.detail })}</span>}
          </Alert>
        </div>
      ) : (
        <Alert tone="success">{t("ready")}</Alert>
      )}
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
