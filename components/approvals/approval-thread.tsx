"use client";

import { useFormatter, useTranslations } from "@/lib/i18n/client";
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { useErrorText } from "@/components/auth/use-error-text";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { callOperation, type OperationOutput } from "@/lib/client/operations";
import { approvalMessagesOp, sendApprovalMessageOp } from "@/lib/operations/routes/approval";
import { LIMITS } from "@/lib/validation/limits";

type Message = OperationOutput<"approvalMessages">["items"][number];
const PAGE = 20;

/** One approver's message thread on the document's Approvals tab: oldest first, "Load earlier", and a reply for commenters. */
export function ApprovalThread({ approvalId, canReply }: { approvalId: string; canReply: boolean }) {
  const t = useTranslations("approvals");
  const format = useFormatter();
  const errorText = useErrorText();
  const [messages, setMessages] = useState<Message[] | null>(null);
  const [earlier, setEarlier] = useState<string | null>(null);
  const [draft, setDraft] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (cursorId?: string) => {
      setBusy(true);
      try {
        const page = await callOperation(approvalMessagesOp, { approvalId, size: PAGE, ...(cursorId ? { cursorId } : {}) });
        setMessages((current) => (cursorId ? [...(current ?? []), ...page.items] : page.items));
        setEarlier(page.nextCursorId);
      } catch (caught) {
        setError(errorText(caught));
      } finally {
        setBusy(false);
      }
    },
    [approvalId], // eslint-disable-line react-hooks/exhaustive-deps
  );
  useEffect(() => {
    // The thread comes from the server: fetched once it is opened.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  async function reply(event: FormEvent) {
    event.preventDefault();
    if (!draft.trim()) return;
    setBusy(true);
    setError(null);
    try {
      const sent = await callOperation(sendApprovalMessageOp, { approvalId, data: draft.trim() });
      setMessages((current) => [sent, ...(current ?? [])]);
      setDraft("");
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-2 flex flex-col gap-2 rounded-md bg-zinc-50 p-3" data-testid={`approval-thread-${approvalId}`}>
      {error && <Alert tone="error">{error}</Alert>}
      {earlier && (
        <Button variant="ghost" className="self-start" busy={busy} onClick={() => load(earlier)}>
          {t("loadEarlier")}
        </Button>
      )}
      {messages && messages.length === 0 && <p className="text-sm text-zinc-600">{t("noMessages")}</p>}
      <ol className="flex flex-col gap-2">
        {[...(messages ?? [])].reverse().map((m) => (
          <li key={m.id} className="rounded-md bg-white p-2 text-sm">
            <p className="text-xs text-zinc-500">
              <span className="font-medium text-zinc-700">{m.authorName || m.authorEmail}</span>
              {m.byReviewer && ` (${t("byReviewer")})`}{" "}
              {format.dateTime(new Date(m.createdAt), { dateStyle: "medium", timeStyle: "short" })}
            </p>
            {m.type !== "message" && (
              <p className="font-medium text-zinc-800">{t(m.type === "approved" ? "decisionApproved" : "decisionRejected")}</p>
            )}
            {m.message && <p className="whitespace-pre-wrap text-zinc-800">{m.message}</p>}
          </li>
        ))}
      </ol>
      {canReply && (
        <form onSubmit={reply} className="flex flex-col gap-2">
          <label className="text-sm font-medium text-zinc-700">
            {t("replyLabel")}
            <textarea
              className="mt-1 min-h-16 w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm"
              value={draft}
              maxLength={LIMITS.comment}
              onChange={(e) => setDraft(e.target.value)}
            />
          </label>
          <Button type="submit" variant="secondary" className="self-start" busy={busy} disabled={!draft.trim()}>
            {t("sendReply")}
          </Button>
        </form>
      )}
    </div>
  );
}
