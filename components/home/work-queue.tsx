"use client";

import { useTranslations } from "@/lib/i18n/client";
import { Link } from "@/components/ui/link";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { subscribeLive } from "@/lib/client/live";
import { callOperation, type OperationOutput } from "@/lib/client/operations";
import { useFormat } from "@/lib/i18n/use-format";
import { workQueueOp } from "@/lib/operations/routes/work-queue";

export type WorkQueueData = OperationOutput<"workQueue">;
type ListName = "toApprove" | "toSign" | "waiting";
const CURSOR: Record<ListName, "toApproveCursor" | "toSignCursor" | "waitingCursor"> = {
  toApprove: "toApproveCursor",
  toSign: "toSignCursor",
  waiting: "waitingCursor",
};

/** A count; `atLeast`: it is a lower bound (the counting stopped), shown as "1,000+". */
function Count({ label, value, atLeast = false, testId }: { label: string; value: number; atLeast?: boolean; testId: string }) {
  const t = useTranslations("home.workQueue");
  return (
    <div className="flex items-baseline gap-2">
      <dt className="text-sm text-zinc-600">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums" data-testid={testId}>
        {t(atLeast ? "countAtLeast" : "count", { count: value })}
      </dd>
    </div>
  );
}

/**
 * The dashboard's work queue (lib/work-queue/work-queue.ts): what awaits me (to approve, to
 * sign) and what waits on others, each with its count, `take` items of each list at a time. It
 * re-reads itself whenever the workspace's queue changes in any app process (subscription
 * workQueueChanged).
 */
export function WorkQueue({ initial, take }: { initial: WorkQueueData; take: number }) {
  const t = useTranslations("home.workQueue");
  const format = useFormat();
  const [queue, setQueue] = useState(initial);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState<ListName | null>(null);

  useEffect(
    () =>
      subscribeLive("workQueueChanged", {}, () => {
        callOperation(workQueueOp, { take })
          .then((next) => {
            setQueue(next);
            setFailed(false);
          })
          .catch(() => setFailed(true));
      }),
    [take],
  );

  async function more(list: ListName) {
    const cursor = queue[list].nextCursor;
    if (!cursor) return;
    setLoading(list);
    try {
      const next = await callOperation(workQueueOp, { take, [CURSOR[list]]: cursor });
      setQueue((current) => ({
        ...current,
        counts: next.counts,
        [list]: { items: [...current[list].items, ...next[list].items], nextCursor: next[list].nextCursor },
      }));
    } catch {
      setFailed(true);
    } finally {
      setLoading(null);
    }
  }

  const awaiting = [
    ...queue.toApprove.items.map((item) => ({ ...item, action: t("review") })),
    ...queue.toSign.items.map((item) => ({ ...item, action: t("sign") })),
  ];
  const moreButton = (list: ListName) =>
    queue[list].nextCursor && (
      <Button variant="ghost" busy={loading === list} onClick={() => more(list)}>
        {t("more")}
      </Button>
    );

  return (
    <section
      aria-labelledby="work-queue-title"
      className="max-w-3xl rounded-lg border border-zinc-200 bg-white p-4"
      data-testid="work-queue"
    >
      <h2 id="work-queue-title" className="font-semibold">
        {t("title")}
      </h2>
      {failed && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {t("error")}
        </p>
      )}
      <div className="mt-3 grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold uppercase text-zinc-500">{t("awaitingMe")}</h3>
          <dl className="mt-1 flex gap-6" aria-live="polite">
            <Count label={t("toApprove")} value={queue.counts.toApprove} testId="work-queue-to-approve" />
            <Count label={t("toSign")} value={queue.counts.toSign} testId="work-queue-to-sign" />
          </dl>
          {awaiting.length === 0 ? (
            <p className="mt-2 text-sm text-zinc-600">{t("nothingAwaits")}</p>
          ) : (
            <ul className="mt-2 flex flex-col gap-1 text-sm">
              {awaiting.map((item) => (
                <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 border-t border-zinc-100 py-1.5">
                  <span>
                    <span className="font-medium">{item.documentName}</span>
                    <span className="ml-2 text-xs text-zinc-500">
                      {t("requested", { date: format.dateTime(new Date(item.requestedAt)) })}
                    </span>
                  </span>
                  <Link
                    href={item.href}
                    className="inline-flex min-h-10 items-center rounded-md px-3 font-medium text-brand-700 hover:bg-brand-50"
                  >
                    {item.action}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {moreButton("toApprove")}
          {moreButton("toSign")}
        </div>
        <div>
          <h3 className="text-sm font-semibold uppercase text-zinc-500">{t("waitingOnOthers")}</h3>
          <dl className="mt-1 flex flex-wrap gap-x-6" aria-live="polite">
            <Count
              label={t("documents")}
              value={queue.counts.waitingDocuments}
              atLeast={queue.counts.waitingCapped}
              testId="work-queue-waiting-documents"
            />
            <Count
              label={t("pendingApprovals")}
              value={queue.counts.waitingApprovals}
              atLeast={queue.counts.waitingCapped}
              testId="work-queue-waiting-approvals"
            />
            <Count
              label={t("pendingSignatures")}
              value={queue.counts.waitingSignatures}
              atLeast={queue.counts.waitingCapped}
              testId="work-queue-waiting-signatures"
            />
          </dl>
          {queue.counts.waitingCapped && (
            <p className="text-xs text-zinc-600" data-testid="work-queue-waiting-capped">
              {t("countedUpTo", { limit: queue.counts.waitingDocuments })}
            </p>
          )}
          {queue.waiting.items.length === 0 ? (
            <p className="mt-2 text-sm text-zinc-600">{t("nothingWaits")}</p>
          ) : (
            <ul className="mt-2 flex flex-col gap-1 text-sm">
              {queue.waiting.items.map((item) => (
                <li key={item.documentId} className="flex flex-wrap items-center justify-between gap-2 border-t border-zinc-100 py-1.5">
                  <Link href={item.href} className="font-medium hover:underline">
                    {item.documentName}
                  </Link>
                  <span className="text-xs text-zinc-600">
                    {t("pending", {
                      approvals: item.pendingApprovals,
                      signatures: item.pendingSignatures,
                      both: item.pendingApprovals && item.pendingSignatures ? "yes" : "no",
                    })}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {moreButton("waiting")}
        </div>
      </div>
    </section>
  );
}
