"use client";

/** The inline edit form of a categories or tags row. */

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";

/**
 * A row's inline edit form on the workspace lists (categories, tags): the name, any other fields
 * the list has (`children`), Save and Cancel. `onSave` answers whether it worked; the form closes then.
 */
export function InlineEditForm({
  className,
  nameLabel,
  maxLength,
  name,
  onName,
  busy,
  saveLabel,
  cancelLabel,
  onSave,
  onClose,
  children,
}: {
  className: string;
  nameLabel: string;
  maxLength: number;
  name: string;
  onName: (name: string) => void;
  busy: boolean;
  saveLabel: string;
  cancelLabel: string;
  onSave: () => Promise<unknown>;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <form
      className={className}
      onSubmit={async (event) => {
        event.preventDefault();
        if (await onSave()) onClose();
      }}
    >
      <TextField
        label={nameLabel}
        required
        maxLength={maxLength}
        value={name}
        onChange={(e) => onName(e.target.value)}
        className="flex-1"
      />
      {children}
      <Button type="submit" busy={busy}>
        {saveLabel}
      </Button>
      <Button type="button" variant="secondary" onClick={onClose}>
        {cancelLabel}
      </Button>
    </form>
  );
}
