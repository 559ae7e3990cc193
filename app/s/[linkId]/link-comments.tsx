"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { CommentForm } from "@/components/documents/comment-form";
import type { ThreadComment } from "@/components/documents/comment-meta";
import { CommentThreads } from "@/components/documents/comment-threads";
import { DELETED, SENT, UPDATED, useCommentChange } from "@/components/documents/use-comment-change";
import { Alert } from "@/components/ui/alert";
import { TextField } from "@/components/ui/text-field";
import { ApiError } from "@/lib/client/api";
import { operationRequest, type OperationOutput } from "@/lib/client/operations";
import { COMMENT_AUTHOR_NAME_MAX } from "@/lib/documents/relation-types";
import { createLinkCommentOp, deleteLinkCommentOp, linkCommentsOp, updateLinkCommentOp } from "@/lib/operations/routes/visitor";

/** A comment as the visitor's operations give it (lib/links/visitor-operations.ts). */
type LinkComment = ThreadComment & OperationOutput<"linkComments">[number];

/** Sends a visitor's operation (operationRequest) with the link access token, refreshing it once; failures are ApiError. */
export type LinkCall = (request: ReturnType<typeof operationRequest>) => Promise<Response>;

/** The name a visitor signs with, kept on this device for the next comment and the next link. */
const NAME_KEY = "share-link:visitor-name";

function readName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? "";
  } catch {
    return "";
  }
}

function rememberName(name: string) {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch {
    // Private browsing without storage: the name stays for this page only.
  }
}

/** Failures that mean the visit is over: the page opens the link again, or says it expired. */
const endsVisit = (error: unknown) =>
  error instanceof ApiError && ["LINK_EXPIRED", "UNAUTHENTICATED", "SESSION_EXPIRED"].includes(error.code);

/**
 * Comments under a shared document, for commenter and reviewer links (docs/share-links.md): the
 * threads, a reply box per thread, edit and delete on the visitor's own comments, a new comment
 * (or, on a reviewer link, a suggestion). A visitor whose address is not confirmed signs with a
 * name, remembered in localStorage. The list, the form and the thread layout are the members'
 * (components/documents/comment-threads.tsx).
 */
export function LinkComments({
  linkId,
  role,
  email,
  accountName,
  call,
  onVisitEnded,
}: {
  linkId: string;
  role: "commenter" | "reviewer";
  /** The confirmed address of a secure link's visitor: it signs the comments. */
  email: string | null;
  accountName: string;
  call: LinkCall;
  onVisitEnded: (error: unknown) => void;
}) {
  const t = useTranslations("comments");
  const tl = useTranslations("shareLinks.comments");
  const tc = useTranslations("common");
  const suggestionId = useId();
  const nameBox = useRef<HTMLDivElement>(null);
  const [comments, setComments] = useState<LinkComment[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  // Only rendered in the browser (after the link is validated), so storage is there to read.
  const [name, setName] = useState(readName);
  const [nameError, setNameError] = useState<string | null>(null);
  const [asSuggestion, setAsSuggestion] = useState(false);

  const load = useCallback(async () => {
    try {
      setComments((await (await call(operationRequest(linkCommentsOp, { linkId }))).json()) as LinkComment[]);
      setLoadFailed(false);
    } catch (error) {
      if (endsVisit(error)) onVisitEnded(error);
      else setLoadFailed(true);
    }
  }, [call, linkId, onVisitEnded]);

  useEffect(() => {
    // The list comes from the server: fetched once the section is in the browser.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  const { busy, change } = useCommentChange(load, (error) => {
    if (!endsVisit(error)) return false;
    onVisitEnded(error);
    return true;
  });

  /** What signs a new comment: nothing for a confirmed address, else the name (asked for when missing). */
  function signature(): { authorName?: string } | null {
    if (email) return {};
    const authorName = name.trim();
    if (!authorName) {
      setNameError(tl("nameRequired"));
      nameBox.current?.querySelector("input")?.focus();
      return null;
    }
    setNameError(null);
    rememberName(authorName);
    return { authorName };
  }

  async function add(body: string, parentId?: string) {
    const signed = signature();
    if (!signed) return false;
    const kind = parentId ? undefined : asSuggestion ? "suggestion" : "comment";
    const done = await change(() => call(operationRequest(createLinkCommentOp, { linkId, body, parentId, kind, ...signed })), SENT);
    if (done && !parentId) setAsSuggestion(false);
    return done;
  }

  const displayName = (c: LinkComment) => (c.authorName ? (c.isOwn ? t("you", { name: c.authorName }) : c.authorName) : t("formerMember"));

  return (
    <section
      aria-labelledby="link-comments-title"
      className="flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm sm:p-6"
      data-testid="link-comments"
    >
      <div>
        <h2 id="link-comments-title" className="text-lg font-semibold">
          {t("title")}
        </h2>
        <p className="text-sm text-zinc-600">{tl("intro", { account: accountName })}</p>
        {role === "reviewer" && <p className="text-sm text-zinc-600">{tl("suggestionsHint")}</p>}
      </div>
      {email ? (
        <p className="text-sm text-zinc-700">{tl("signedAs", { email })}</p>
      ) : (
        <div ref={nameBox} className="max-w-sm">
          <TextField
            label={tl("name")}
            name="authorName"
            autoComplete="name"
            required
            maxLength={COMMENT_AUTHOR_NAME_MAX}
            value={name}
            hint={tl("nameHint")}
            error={nameError}
            onChange={(e) => {
              setName(e.target.value);
              if (e.target.value.trim()) setNameError(null);
            }}
          />
        </div>
      )}
      {loadFailed ? (
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
            touch
            nameOf={displayName}
            onReply={(thread, body) => add(body, thread.id)}
            onEdit={(c, body) => change(() => call(operationRequest(updateLinkCommentOp, { linkId, commentId: c.id, body })), UPDATED)}
            onDelete={(c) => void change(() => call(operationRequest(deleteLinkCommentOp, { linkId, commentId: c.id })), DELETED)}
          />
          <CommentForm label={t("newComment")} submitLabel={t("send")} busy={busy} onSubmit={(body) => add(body)}>
            {role === "reviewer" && (
              <label htmlFor={suggestionId} className="flex min-h-10 items-center gap-2 text-sm text-zinc-700">
                <input
                  id={suggestionId}
                  type="checkbox"
                  className="size-5"
                  checked={asSuggestion}
                  onChange={(e) => setAsSuggestion(e.target.checked)}
                />
                {tl("asSuggestion")}
              </label>
            )}
          </CommentForm>
        </>
      )}
    </section>
  );
}
