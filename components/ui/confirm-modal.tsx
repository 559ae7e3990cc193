"use client";

import { useTranslations } from "@/lib/i18n/client";
import { Button } from "./button";
import { Modal } from "./modal";

/** Asks before a destructive action: Cancel, or the danger button that runs it. */
export function ConfirmModal({
  open,
  title,
  message,
  confirmLabel,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const tc = useTranslations("common");
  return (
    <Modal
      open={open}
      size="md"
      title={title}
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {tc("cancel")}
          </Button>
          <Button variant="danger" onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p>{message}</p>
    </Modal>
  );
}

/**
 * ConfirmModal for one item waiting to be confirmed (the row whose Delete was chosen): open while
 * `target` is set; Confirm closes it, then runs `onConfirm` with that item.
 */
export function ConfirmFor<T>({
  target,
  title,
  message,
  confirmLabel,
  onClose,
  onConfirm,
}: {
  target: T | null;
  title: string;
  message: (item: T) => string;
  confirmLabel: string;
  onClose: () => void;
  onConfirm: (item: T) => Promise<unknown> | void;
}) {
  return (
    <ConfirmModal
      open={target !== null}
      title={title}
      message={target === null ? "" : message(target)}
      confirmLabel={confirmLabel}
      onCancel={onClose}
      onConfirm={async () => {
        if (target === null) return;
        const item = target;
        onClose();
        await onConfirm(item);
      }}
    />
  );
}
