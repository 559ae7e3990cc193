"use client";

import { useTranslations } from "next-intl";
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
          <Button variant="secondary" onClick={onCancel}>{tc("cancel")}</Button>
          <Button variant="danger" onClick={onConfirm}>{confirmLabel}</Button>
        </>
      }
    >
      <p>{message}</p>
    </Modal>
  );
}
