"use client";

/** The comment text box with its buttons, shared by every comment form. */

import { useTranslations } from "@/lib/i18n/client";
import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { COMMENT_BODY_MAX } from "@/lib/documents/relation-types";

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
