"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { callOperation } from "@/lib/client/operations";
import type { CommentKind } from "@/lib/documents/relation-types";
import { CommentForm } from "./comment-form";
import { CommentKindChoice } from "./comment-kind-choice";
import type { ThreadComment } from "./comment-meta";
import { CommentThreads } from "./comment-threads";
import { DELETED, SENT, UPDATED, useCommentChange } from "./use-comment-change";
import { commentsOp, createCommentOp, deleteCommentOp, resolveCommentOp, updateCommentOp } from "@/lib/operations/routes/comment";

type Comment = ThreadComment & {
  author: { id: string; name: string } | null;
  /** A share-link visitor's comment (lib/links/link-comments.ts). */
  visitor: { name: string; email: string | null; linkName: string | null } | null;
  canResolve: boolean;
};

/**
 * A document's comments (spec section 6: the commenter role "manages and views comments"):
 * threads oldest first with their replies indented, resolve and reopen, edit one's own, delete
 * (the author, or an owner: `canModerate`), and a labelled text box to write, with a choice
 * between comment and suggestion for reviewers and up (`canSuggest`, the document's `suggest`
 * ability). What each person may do comes from the server with each comment; the props only
 * shape the screen. Visitors' comments carry the link they came through; suggestions are marked
 * applied by an editor. The share page (app/s/[linkId]/link-comments.tsx) reuses the pieces
 * (comment-threads.tsx, comment-form.tsx, use-comment-change.ts).
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
      setComments(await callOperation(commentsOp, { id: documentId }));
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
            onReply={(thread, body) => change(() => callOperation(createCommentOp, { id: documentId, body, parentId: thread.id }), SENT)}
            onEdit={(c, body) => change(() => callOperation(updateCommentOp, { commentId: c.id, body }), UPDATED)}
            onDelete={(c) => void change(() => callOperation(deleteCommentOp, { commentId: c.id }), DELETED)}
            renderActions={(c) =>
              c.canResolve && (
                <Button
                  variant="ghost"
                  className="min-h-8 px-2 py-1"
                  disabled={busy}
                  onClick={() => void change(() => callOperation(resolveCommentOp, { commentId: c.id, resolved: !c.resolvedAt }), UPDATED)}
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
              const done = await change(() => callOperation(createCommentOp, { id: documentId, body, kind }), SENT);
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
