"use client";

/** A comment's header line (who, when, edited, resolved). */

import { useTranslations } from "@/lib/i18n/client";
import { useFormat } from "@/lib/i18n/use-format";
import type { CommentKind } from "@/lib/documents/relation-types";

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

/** A comment's header: who, when, edited, resolved (applied for a suggestion), and a note such as the link it came through. */
export function CommentMeta({
  name,
  note,
  comment,
  isReply,
}: {
  name: string;
  note: string | null;
  comment: ThreadComment;
  isReply: boolean;
}) {
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
