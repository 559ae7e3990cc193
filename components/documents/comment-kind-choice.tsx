"use client";

/** The comment-or-suggestion choice for a new thread. */

import { useTranslations } from "@/lib/i18n/client";
import { useId } from "react";
import { COMMENT_KINDS, type CommentKind } from "@/lib/documents/relation-types";

/**
 * Comment or suggestion, for a new thread (replies take their thread's kind): native radios in
 * a fieldset, so the legend names the group and the arrow keys move the choice.
 */
export function CommentKindChoice({ value, onChange }: { value: CommentKind; onChange: (kind: CommentKind) => void }) {
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
