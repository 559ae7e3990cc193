"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useState, type FormEvent } from "react";
import { LIMITS } from "@/lib/validation/limits";

/** The signer declines, with the reason the sender will read (a second step, so no one declines by a slip). */
export function DeclineForm({ busy, onDecline }: { busy: boolean; onDecline: (reason: string) => Promise<void> }) {
  const t = useTranslations("signing.sign");
  const [open, setOpen] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get("reason") ?? "").trim();
    if (reason) await onDecline(reason);
  }
  return (
    <div className="rounded bg-white p-4 shadow-sm">
      {open ? (
        <form onSubmit={submit} className="space-y-3">
          <label className="block text-sm font-medium text-zinc-800">
            {t("declineReason")}
            <textarea
              name="reason"
              required
              maxLength={LIMITS.comment}
              rows={3}
              className="block w-full rounded border border-zinc-300 bg-white px-3 py-2 text-base"
            />
          </label>
          <button
            type="submit"
            disabled={busy}
            className="min-h-11 w-full rounded border border-red-300 px-4 text-sm font-semibold text-red-700"
          >
            {t("declineConfirm")}
          </button>
        </form>
      ) : (
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="min-h-11 w-full rounded border border-zinc-300 px-4 text-sm text-zinc-700"
        >
          {t("decline")}
        </button>
      )}
    </div>
  );
}
