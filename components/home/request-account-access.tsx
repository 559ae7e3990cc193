"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useId, useState } from "react";
import { useErrorText } from "@/components/auth/use-error-text";
import { Button } from "@/components/ui/button";
import { useNotify } from "@/components/ui/notifications";
import { ApiError } from "@/lib/client/api";
import { callOperation } from "@/lib/client/operations";
import { useFormat } from "@/lib/i18n/use-format";
import { requestAccountAccessOp } from "@/lib/operations/routes/account";

const NOTE_MAX = 500;
const WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The home's "Request access" (spec section 2): a member whose role lacks some main permission
 * asks the workspace's administrators for more, with an optional note. One request per 24 hours
 * (lib/accounts/request-access.ts); `lastRequestedAt` is the member's previous one, if any.
 */
export function RequestAccountAccess({ lastRequestedAt }: { lastRequestedAt: string | null }) {
  const t = useTranslations("home.requestAccess");
  const ta = useTranslations("alerts");
  const format = useFormat();
  const errorText = useErrorText();
  const notify = useNotify();
  const id = useId();
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [retryAt, setRetryAt] = useState<Date | null>(() => {
    if (!lastRequestedAt) return null;
    const next = new Date(new Date(lastRequestedAt).getTime() + WINDOW_MS);
    return next.getTime() > Date.now() ? next : null;
  });
  const [sent, setSent] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const result = await callOperation(requestAccountAccessOp, { note });
      notify({ tone: "success", title: ta("sent"), description: t("sentBody") });
      setSent(true);
      setNote("");
      setRetryAt(new Date(new Date(result.requestedAt).getTime() + WINDOW_MS));
    } catch (error) {
      if (error instanceof ApiError && error.code === "TOO_MANY_ATTEMPTS" && typeof error.details?.retryAt === "string") {
        const next = new Date(error.details.retryAt);
        setRetryAt(next);
        notify({ tone: "error", title: ta("sendError"), description: t("tooSoon", { date: format.dateTime(next) }) });
      } else {
        notify({ tone: "error", title: ta("sendError"), description: errorText(error) });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section id="request-access" aria-labelledby={`${id}-title`} className="max-w-xl rounded-lg border border-zinc-200 bg-white p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-zinc-600">{t("body")}</p>
      {retryAt ? (
        <p role="status" className="mt-4 text-sm">
          {sent && <span className="block font-medium text-emerald-700">{t("sentBody")}</span>}
          <span className="text-zinc-600">{t("tooSoon", { date: format.dateTime(retryAt) })}</span>
        </p>
      ) : (
        <form onSubmit={submit} className="mt-4 flex flex-col gap-2">
          <label htmlFor={`${id}-note`} className="text-sm font-medium text-zinc-700">
            {t("note")}
          </label>
          <textarea
            id={`${id}-note`}
            value={note}
            maxLength={NOTE_MAX}
            rows={3}
            onChange={(event) => setNote(event.target.value)}
            aria-describedby={`${id}-count`}
            placeholder={t("notePlaceholder")}
            className="rounded-md border border-zinc-300 px-3 py-2 text-sm"
          />
          <p id={`${id}-count`} className="self-end text-xs text-zinc-500">
            {t("noteCount", { count: note.length, max: NOTE_MAX })}
          </p>
          <Button type="submit" busy={busy} className="self-start">
            {t("button")}
          </Button>
        </form>
      )}
    </section>
  );
}
