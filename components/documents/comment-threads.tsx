"use client";

/** Comment threads with their replies, shared by the document's comments tab and the share page. */

import { useTranslations } from "@/lib/i18n/client";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/confirm-modal";
import { CommentForm } from "./comment-form";
import { CommentMeta, type ThreadComment } from "./comment-meta";

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
