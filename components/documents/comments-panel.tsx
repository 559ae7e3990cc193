"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { useErrorText } from "@/components/auth/use-error-text";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/confirm-modal";
import { useNotify } from "@/components/ui/notifications";
import { apiRequest } from "@/lib/client/api";
import { COMMENT_BODY_MAX } from "@/lib/documents/relation-schemas";

type Comment = {
  id: string;
  parentId: string | null;
  body: string;
  author: { id: string; name: string } | null;
  resolvedAt: string | null;
  createdAt: string;
  isEdited: boolean;
  canEdit: boolean;
  canResolve: boolean;
  canDelete: boolean;
};

/**
 * A document's comments (spec section 6: the commenter role "manages and views comments"):
 * threads oldest first with their replies indented, resolve and reopen, edit one's own, delete
 * (the author, or an owner: `canModerate`), and a labelled text box to write. What each person
 * may do comes from the server with each comment; the props only shape the screen.
 */
export function CommentsPanel({ documentId, canComment, currentUserId, canModerate }: { documentId: string; canComment: boolean; currentUserId: string; canModerate: boolean }) {
  const t = useTranslations("comments");
  const ta = useTranslations("alerts");
  const tc = useTranslations("common");
  const format = useFormatter();
  const errorText = useErrorText();
  const notify = useNotify();
  const router = useRouter();
  const [comments, setComments] = useState<Comment[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setComments(await apiRequest<Comment[]>("GET", `/vapp/documents/${documentId}/comments`));
      setLoadFailed(false);
    } catch {
      setLoadFailed(true);
    }
  }, [documentId]);

  useEffect(() => {
    // The list comes from the server: fetched once the panel is in the browser.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (canComment) void load();
  }, [canComment, load]);

  /** Runs a change with the usual alerts, then reloads; true when it worked. */
  async function change(call: () => Promise<unknown>, success: "sent" | "updated", failure: "sendError" | "updateError" | "deleteError") {
    setBusy(true);
    try {
      await call();
      notify({ tone: "success", title: ta(success) });
      await load();
      // The activity tab is server data: refresh it (the panels keep their state).
      router.refresh();
      return true;
    } catch (error) {
      notify({ tone: "error", title: ta(failure), description: errorText(error) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  const authorName = (c: Comment) => (c.author ? (c.author.id === currentUserId ? t("you", { name: c.author.name }) : c.author.name) : t("formerMember"));

  function renderComment(c: Comment, isReply: boolean) {
    return (
      <article aria-label={t("commentBy", { name: authorName(c) })} className="flex flex-col gap-1" data-testid="comment">
        <header className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold">{authorName(c)}</span>
          <time dateTime={c.createdAt} className="text-xs text-zinc-500">
            {format.dateTime(new Date(c.createdAt), { dateStyle: "medium", timeStyle: "short" })}
          </time>
          {c.isEdited && <span className="text-xs text-zinc-500">({t("edited")})</span>}
          {c.resolvedAt && <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs text-emerald-700">{t("resolved")}</span>}
        </header>
        {editing === c.id ? (
          <CommentForm
            label={t("editLabel")}
            submitLabel={t("save")}
            initial={c.body}
            busy={busy}
            onCancel={() => setEditing(null)}
            onSubmit={async (body) => {
              const done = await change(() => apiRequest("PUT", `/vapp/comments/${c.id}`, { body }), "updated", "updateError");
              if (done) setEditing(null);
              return done;
            }}
          />
        ) : (
          <p className="whitespace-pre-wrap break-words text-sm text-zinc-800">{c.body}</p>
        )}
        {editing !== c.id && (
          <div className="flex flex-wrap gap-1">
            {!isReply && (
              <Button variant="ghost" className="min-h-8 px-2 py-1" aria-expanded={replyingTo === c.id} onClick={() => setReplyingTo(replyingTo === c.id ? null : c.id)}>
                {t("reply")}
              </Button>
            )}
            {c.canResolve && (
              <Button variant="ghost" className="min-h-8 px-2 py-1" disabled={busy} onClick={() => void change(() => apiRequest("POST", `/vapp/comments/${c.id}/resolve`, { resolved: !c.resolvedAt }), "updated", "updateError")}>
                {c.resolvedAt ? t("reopen") : t("resolve")}
              </Button>
            )}
            {c.canEdit && (
              <Button variant="ghost" className="min-h-8 px-2 py-1" onClick={() => setEditing(c.id)}>
                {t("edit")}
              </Button>
            )}
            {c.canDelete && (
              <Button variant="ghost" className="min-h-8 px-2 py-1 text-red-700" onClick={() => setDeleting(c)}>
                {t("delete")}
              </Button>
            )}
          </div>
        )}
      </article>
    );
  }

  const threads = (comments ?? []).filter((c) => !c.parentId);
  const repliesOf = (id: string) => (comments ?? []).filter((c) => c.parentId === id);

  return (
    <section aria-labelledby="comments-title" className="flex flex-col gap-4">
      <div>
        <h2 id="comments-title" className="text-lg font-semibold">
          {t("title")}
        </h2>
        <p className="text-sm text-zinc-600">{canModerate ? t("introOwner") : t("intro")}</p>
      </div>
      {!canComment ? (
        <p className="text-sm text-zinc-500">{t("cannotComment")}</p>
      ) : loadFailed ? (
        <Alert tone="error">{t("loadError")}</Alert>
      ) : comments === null ? (
        <p role="status" className="text-sm text-zinc-500">
          {tc("loading")}
        </p>
      ) : (
        <>
          {threads.length === 0 ? (
            <p className="text-sm text-zinc-500">{t("empty")}</p>
          ) : (
            <ol className="flex flex-col gap-3">
              {threads.map((thread) => (
                <li key={thread.id} className={`rounded-lg border border-zinc-200 p-4 ${thread.resolvedAt ? "bg-zinc-50" : "bg-white"}`} data-testid="comment-thread">
                  {renderComment(thread, false)}
                  {repliesOf(thread.id).length > 0 && (
                    <ol className="mt-3 flex flex-col gap-3 border-l-2 border-zinc-100 pl-4 sm:ml-6" aria-label={t("replies")}>
                      {repliesOf(thread.id).map((reply) => (
                        <li key={reply.id}>{renderComment(reply, true)}</li>
                      ))}
                    </ol>
                  )}
                  {replyingTo === thread.id && (
                    <div className="mt-3 sm:ml-6">
                      <CommentForm
                        label={t("replyTo", { name: authorName(thread) })}
                        submitLabel={t("sendReply")}
                        busy={busy}
                        autoFocus
                        onCancel={() => setReplyingTo(null)}
                        onSubmit={async (body) => {
                          const done = await change(() => apiRequest("POST", `/vapp/documents/${documentId}/comments`, { body, parentId: thread.id }), "sent", "sendError");
                          if (done) setReplyingTo(null);
                          return done;
                        }}
                      />
                    </div>
                  )}
                </li>
              ))}
            </ol>
          )}
          <CommentForm
            label={t("newComment")}
            submitLabel={t("send")}
            busy={busy}
            onSubmit={(body) => change(() => apiRequest("POST", `/vapp/documents/${documentId}/comments`, { body }), "sent", "sendError")}
          />
        </>
      )}
      <ConfirmModal
        open={deleting !== null}
        title={t("delete")}
        message={deleting && !deleting.parentId ? t("confirmDeleteThread") : t("confirmDelete")}
        confirmLabel={t("delete")}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const comment = deleting;
          setDeleting(null);
          if (comment) void change(() => apiRequest("DELETE", `/vapp/comments/${comment.id}`), "updated", "deleteError");
        }}
      />
    </section>
  );
}

/**
 * A labelled text box with its submit button. Ctrl+Enter (⌘+Enter) sends too; the counter
 * appears near the limit. The text is kept if sending fails.
 */
function CommentForm({
  label,
  submitLabel,
  initial = "",
  busy,
  autoFocus,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  busy: boolean;
  autoFocus?: boolean;
  /** Resolves true when it was saved: the box is then emptied. */
  onSubmit: (body: string) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const t = useTranslations("comments");
  const tc = useTranslations("common");
  const id = useId();
  const [body, setBody] = useState(initial);
  const left = COMMENT_BODY_MAX - body.length;

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!body.trim() || busy) return;
    if (await onSubmit(body.trim())) setBody("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    } else if (event.key === "Escape" && onCancel) {
      event.preventDefault();
      onCancel();
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={`${id}-body`} className="text-sm font-medium text-zinc-700">
        {label}
      </label>
      <textarea
        id={`${id}-body`}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={onKeyDown}
        maxLength={COMMENT_BODY_MAX}
        required
        autoFocus={autoFocus}
        aria-describedby={`${id}-hint`}
        className="min-h-20 rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-hint`} className="text-xs text-zinc-500">
          {t("sendHint")}
          {left < 500 && <span aria-live="polite"> · {t("charactersLeft", { count: left })}</span>}
        </p>
        <div className="flex gap-2">
          {onCancel && (
            <Button type="button" variant="secondary" onClick={onCancel}>
              {tc("cancel")}
            </Button>
          )}
          <Button type="submit" busy={busy} disabled={!body.trim()}>
            {submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
