"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { useErrorText } from "@/components/auth/use-error-text";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/confirm-modal";
import { useNotify } from "@/components/ui/notifications";
import { callOperation } from "@/lib/client/operations";
import { useFormat } from "@/lib/i18n/use-format";
import { COMMENT_BODY_MAX, COMMENT_KINDS, type CommentKind } from "@/lib/documents/relation-types";

/** What the thread list needs of a comment, from the members' and the visitors' routes alike. */
export type ThreadComment = {
  id: string;
  parentId: string | null;
  kind: CommentKind;
  body: string;
  resolvedAt: string | null;
  createdAt: string;
  isEdited: boolean;
  canEdit: boolean;
  canDelete: boolean;
};

type Comment = ThreadComment & {
  author: { id: string; name: string } | null;
  /** A share-link visitor's comment (lib/links/link-comments.ts). */
  visitor: { name: string; email: string | null; linkName: string | null } | null;
  canResolve: boolean;
};

type Outcome = { success: "sent" | "updated"; failure: "sendError" | "updateError" | "deleteError" };

/**
 * Runs a change with the usual alerts, then `after` (a reload); resolves true when it worked.
 * `takeOver` may handle a failure itself instead of the alert (true when it did).
 */
export function useCommentChange(after: () => Promise<void>, takeOver?: (error: unknown) => boolean) {
  const ta = useTranslations("alerts");
  const errorText = useErrorText();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  async function change(run: () => Promise<unknown>, { success, failure }: Outcome) {
    setBusy(true);
    try {
      await run();
      notify({ tone: "success", title: ta(success) });
      await after();
      return true;
    } catch (error) {
      if (!takeOver?.(error)) notify({ tone: "error", title: ta(failure), description: errorText(error) });
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, change };
}

export const SENT: Outcome = { success: "sent", failure: "sendError" };
export const UPDATED: Outcome = { success: "updated", failure: "updateError" };
export const DELETED: Outcome = { success: "updated", failure: "deleteError" };

/**
 * A document's comments (spec section 6: the commenter role "manages and views comments"):
 * threads oldest first with their replies indented, resolve and reopen, edit one's own, delete
 * (the author, or an owner: `canModerate`), and a labelled text box to write, with a choice
 * between comment and suggestion for reviewers and up (`canSuggest`, the document's `suggest`
 * ability). What each person may do comes from the server with each comment; the props only
 * shape the screen. Visitors' comments carry the link they came through; suggestions are marked
 * applied by an editor. The share page (app/s/[linkId]/link-comments.tsx) reuses the pieces
 * exported below.
 */
export function CommentsPanel({
  documentId,
  canComment,
  canSuggest,
  currentUserId,
  canModerate,
}: {
  documentId: string;
  canComment: boolean;
  canSuggest: boolean;
  currentUserId: string;
  canModerate: boolean;
}) {
  const t = useTranslations("comments");
  const tc = useTranslations("common");
  const router = useRouter();
  const [comments, setComments] = useState<Comment[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [kind, setKind] = useState<CommentKind>("comment");

  const load = useCallback(async () => {
    try {
      setComments(await callOperation("comments", { id: documentId }));
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

  const { busy, change } = useCommentChange(async () => {
    await load();
    // The activity tab is server data: refresh it (the panels keep their state).
    router.refresh();
  });

  const authorName = (c: Comment) =>
    c.visitor
      ? c.visitor.name
      : c.author
        ? c.author.id === currentUserId
          ? t("you", { name: c.author.name })
          : c.author.name
        : t("formerMember");

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
          <CommentThreads
            comments={comments}
            busy={busy}
            nameOf={authorName}
            noteOf={(c) => (c.visitor ? (c.visitor.linkName ? t("viaLink", { name: c.visitor.linkName }) : t("viaRemovedLink")) : null)}
            onReply={(thread, body) => change(() => callOperation("createComment", { id: documentId, body, parentId: thread.id }), SENT)}
            onEdit={(c, body) => change(() => callOperation("updateComment", { commentId: c.id, body }), UPDATED)}
            onDelete={(c) => void change(() => callOperation("deleteComment", { commentId: c.id }), DELETED)}
            renderActions={(c) =>
              c.canResolve && (
                <Button
                  variant="ghost"
                  className="min-h-8 px-2 py-1"
                  disabled={busy}
                  onClick={() => void change(() => callOperation("resolveComment", { commentId: c.id, resolved: !c.resolvedAt }), UPDATED)}
                >
                  {c.kind === "suggestion"
                    ? c.resolvedAt
                      ? t("markNotApplied")
                      : t("markApplied")
                    : c.resolvedAt
                      ? t("reopen")
                      : t("resolve")}
                </Button>
              )
            }
          />
          <CommentForm
            label={t("newComment")}
            submitLabel={t("send")}
            busy={busy}
            onSubmit={async (body) => {
              const done = await change(() => callOperation("createComment", { id: documentId, body, kind }), SENT);
              // Like the visitors' form: the next thread starts as a plain comment again.
              if (done) setKind("comment");
              return done;
            }}
          >
            {canSuggest && <CommentKindChoice value={kind} onChange={setKind} />}
          </CommentForm>
        </>
      )}
    </section>
  );
}

/**
 * Comment or suggestion, for a new thread (replies take their thread's kind): native radios in
 * a fieldset, so the legend names the group and the arrow keys move the choice.
 */
function CommentKindChoice({ value, onChange }: { value: CommentKind; onChange: (kind: CommentKind) => void }) {
  const t = useTranslations("comments");
  const id = useId();
  return (
    <fieldset aria-describedby={`${id}-hint`} className="flex flex-col gap-1">
      <legend className="text-sm font-medium text-zinc-700">{t("kindLabel")}</legend>
      <div className="flex flex-wrap gap-x-4">
        {COMMENT_KINDS.map((option) => (
          <label key={option} className="flex min-h-8 items-center gap-2 text-sm text-zinc-700">
            <input
              type="radio"
              name={`${id}-kind`}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="size-4"
            />
            {option === "suggestion" ? t("suggestion") : t("kindComment")}
          </label>
        ))}
      </div>
      <p id={`${id}-hint`} className="text-xs text-zinc-500">
        {t("kindHint")}
      </p>
    </fieldset>
  );
}

/** A comment's header: who, when, edited, resolved (applied for a suggestion), and a note such as the link it came through. */
function CommentMeta({ name, note, comment, isReply }: { name: string; note: string | null; comment: ThreadComment; isReply: boolean }) {
  const t = useTranslations("comments");
  const format = useFormat();
  const isSuggestion = !isReply && comment.kind === "suggestion";
  return (
    <header className="flex flex-wrap items-baseline gap-x-2 text-sm">
      <span className="font-semibold">{name}</span>
      {note && <span className="text-xs text-zinc-500">{note}</span>}
      <time dateTime={comment.createdAt} className="text-xs text-zinc-500">
        {format.dateTime(comment.createdAt)}
      </time>
      {comment.isEdited && <span className="text-xs text-zinc-500">({t("edited")})</span>}
      {isSuggestion && <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs text-amber-800">{t("suggestion")}</span>}
      {comment.resolvedAt && (
        <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs text-emerald-700">
          {isSuggestion ? t("applied") : t("resolved")}
        </span>
      )}
    </header>
  );
}

/**
 * The threads, oldest first, each in a card with its replies indented below: reply, edit (the
 * author) and delete (after a confirmation) on each, plus `renderActions` (resolve for members).
 * The callbacks resolve true when the change was saved. `touch` gives larger buttons (the share
 * page, mostly on phones).
 */
export function CommentThreads<C extends ThreadComment>({
  comments,
  busy,
  nameOf,
  noteOf,
  onReply,
  onEdit,
  onDelete,
  renderActions,
  touch = false,
}: {
  comments: C[];
  busy: boolean;
  nameOf: (comment: C) => string;
  noteOf?: (comment: C) => string | null;
  onReply: (thread: C, body: string) => Promise<boolean>;
  onEdit: (comment: C, body: string) => Promise<boolean>;
  onDelete: (comment: C) => void;
  renderActions?: (comment: C) => ReactNode;
  touch?: boolean;
}) {
  const t = useTranslations("comments");
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<C | null>(null);
  const action = touch ? "min-h-10 px-3 py-2" : "min-h-8 px-2 py-1";
  const repliesOf = (id: string) => comments.filter((c) => c.parentId === id);

  function renderComment(c: C, isReply: boolean) {
    return (
      <article aria-label={t("commentBy", { name: nameOf(c) })} className="flex flex-col gap-1" data-testid="comment">
        <CommentMeta name={nameOf(c)} note={noteOf?.(c) ?? null} comment={c} isReply={isReply} />
        {editing === c.id ? (
          <CommentForm
            label={t("editLabel")}
            submitLabel={t("save")}
            initial={c.body}
            busy={busy}
            onCancel={() => setEditing(null)}
            onSubmit={async (body) => {
              const done = await onEdit(c, body);
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
              <Button
                variant="ghost"
                className={action}
                aria-expanded={replyingTo === c.id}
                onClick={() => setReplyingTo(replyingTo === c.id ? null : c.id)}
              >
                {t("reply")}
              </Button>
            )}
            {renderActions?.(c)}
            {c.canEdit && (
              <Button variant="ghost" className={action} onClick={() => setEditing(c.id)}>
                {t("edit")}
              </Button>
            )}
            {c.canDelete && (
              <Button variant="ghost" className={`${action} text-red-700`} onClick={() => setDeleting(c)}>
                {t("delete")}
              </Button>
            )}
          </div>
        )}
      </article>
    );
  }

  const threads = comments.filter((c) => !c.parentId);
  return (
    <>
      {threads.length === 0 ? (
        <p className="text-sm text-zinc-500">{t("empty")}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {threads.map((thread) => (
            <li
              key={thread.id}
              className={`rounded-lg border border-zinc-200 p-3 sm:p-4 ${thread.resolvedAt ? "bg-zinc-50" : "bg-white"}`}
              data-testid="comment-thread"
            >
              {renderComment(thread, false)}
              {repliesOf(thread.id).length > 0 && (
                <ol className="mt-3 flex flex-col gap-3 border-l-2 border-zinc-100 pl-3 sm:ml-6 sm:pl-4" aria-label={t("replies")}>
                  {repliesOf(thread.id).map((reply) => (
                    <li key={reply.id}>{renderComment(reply, true)}</li>
                  ))}
                </ol>
              )}
              {replyingTo === thread.id && (
                <div className="mt-3 sm:ml-6">
                  <CommentForm
                    label={t("replyTo", { name: nameOf(thread) })}
                    submitLabel={t("sendReply")}
                    busy={busy}
                    autoFocus
                    onCancel={() => setReplyingTo(null)}
                    onSubmit={async (body) => {
                      const done = await onReply(thread, body);
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
      <ConfirmModal
        open={deleting !== null}
        title={t("delete")}
        message={deleting && !deleting.parentId ? t("confirmDeleteThread") : t("confirmDelete")}
        confirmLabel={t("delete")}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const comment = deleting;
          setDeleting(null);
          if (comment) onDelete(comment);
        }}
      />
    </>
  );
}

/**
 * A labelled text box with its submit button. Ctrl+Enter (⌘+Enter) sends too; the counter
 * appears near the limit. The text is kept if sending fails. `children` adds fields between the
 * box and the buttons.
 */
export function CommentForm({
  label,
  submitLabel,
  initial = "",
  busy,
  autoFocus,
  onSubmit,
  onCancel,
  children,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  busy: boolean;
  autoFocus?: boolean;
  /** Resolves true when it was saved: the box is then emptied. */
  onSubmit: (body: string) => Promise<boolean>;
  onCancel?: () => void;
  children?: ReactNode;
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
      {children}
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
