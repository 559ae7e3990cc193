"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useFormat } from "@/lib/i18n/use-format";
import { activitySentence, type ActivityEntry, type ActivityTranslate } from "@/lib/documents/activity-sentences";

export type ActivityItem = ActivityEntry & { id: string; createdAt: string };

/**
 * The document's Activity tab: each event of its audit trail as a sentence in the screen's
 * language naming who acted and whom it concerns (lib/documents/activity-sentences.ts), with
 * its date and time.
 */
export function ActivityPanel({ activity }: { activity: ActivityItem[] }) {
  const t = useTranslations("documents.activity");
  const ts = useTranslations("documents.status");
  const format = useFormat();
  const translate = Object.assign((key: string, values?: Record<string, string | number>) => t(key as never, values as never), {
    has: (key: string) => t.has(key as never),
  }) as ActivityTranslate;
  const status = (value: string) => (ts.has(value as never) ? ts(value as never) : value);
  return (
    <ol className="flex flex-col gap-2">
      {activity.map((a) => (
        <li key={a.id} className="rounded-md border border-zinc-200 bg-white px-4 py-2 text-sm" data-testid="activity-row">
          <span data-testid="activity-sentence">{activitySentence(translate, status, format, a)}</span>
          <time className="ml-2 text-xs text-zinc-500" dateTime={a.createdAt}>
            {format.dateTime(a.createdAt)}
          </time>
        </li>
      ))}
    </ol>
  );
}
