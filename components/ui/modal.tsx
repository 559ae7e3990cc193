"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslations } from "@/lib/i18n/client";

export type ModalSize = "xs" | "sm" | "md" | "lg" | "xl" | "2xl" | "3xl" | "4xl";
export type CancelOption = "escape" | "x" | "outside";

const SIZES: Record<ModalSize, string> = {
  xs: "max-w-xs",
  sm: "max-w-sm",
  md: "max-w-md",
  lg: "max-w-lg",
  xl: "max-w-xl",
  "2xl": "max-w-2xl",
  "3xl": "max-w-3xl",
  "4xl": "max-w-4xl",
};

/** Spec: default width 960 and cancel by escape, the x and a click outside. */
export const DEFAULT_CANCEL: CancelOption[] = ["escape", "x", "outside"];

/**
 * The generic modal on the native <dialog>: focus moves in and is trapped by the browser,
 * and returns to where it was on close. `cancel={[]}` makes it impossible to dismiss.
 */
export function Modal({
  open,
  title,
  children,
  footer,
  size,
  cancel = DEFAULT_CANCEL,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  size?: ModalSize;
  cancel?: CancelOption[];
  onClose?: () => void;
}) {
  const t = useTranslations("common");
  const ref = useRef<HTMLDialogElement>(null);
  // Several modals live on one screen (closed ones stay in the DOM): each names itself by its own title.
  const titleId = useId();

  const escapeCloses = cancel.includes("escape");

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Preventing the `cancel` event is not enough: browsers make a repeated close request (a second
  // Escape without a click in between) uncancelable, and the dialog would close anyway. Stopping
  // the key itself keeps an undismissable dialog open.
  useEffect(() => {
    if (!open || escapeCloses) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") event.preventDefault();
    };
    document.addEventListener("keydown", onKeyDown, true);
    return () => document.removeEventListener("keydown", onKeyDown, true);
  }, [open, escapeCloses]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={`m-auto w-[calc(100%-2rem)] rounded-lg bg-white p-0 shadow-xl backdrop:bg-zinc-900/50 ${size ? SIZES[size] : "max-w-[960px]"}`}
      closedby={escapeCloses ? undefined : "none"}
      onCancel={(event) => {
        event.preventDefault();
        if (escapeCloses) onClose?.();
      }}
      onClose={() => {
        // Closed by the browser (another kind of close request) while it must stay open: reopen.
        if (open && !escapeCloses) ref.current?.showModal();
      }}
      onClick={(event) => {
        if (event.target === ref.current && cancel.includes("outside")) onClose?.();
      }}
    >
      <div className="flex items-start justify-between gap-4 border-b border-zinc-200 px-6 py-4">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {cancel.includes("x") && (
          <button type="button" onClick={onClose} aria-label={t("close")} className="rounded p-1 text-zinc-500 hover:bg-zinc-100">
            ✕
          </button>
        )}
      </div>
      <div className="px-6 py-4">{children}</div>
      {footer && <div className="flex justify-end gap-2 border-t border-zinc-200 px-6 py-4">{footer}</div>}
    </dialog>
  );
}
