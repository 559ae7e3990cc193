"use client";

/** The relation's Update tag form. */

import { useTranslations } from "@/lib/i18n/client";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { RELATION_TAG_MAX } from "@/lib/documents/relation-types";

/** The "Update tag" modal: one short text; empty clears the tag. */
export function TagForm({
  initial,
  busy,
  onSubmit,
  onCancel,
}: {
  initial: string;
  busy: boolean;
  onSubmit: (tag: string) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("relations");
  const tc = useTranslations("common");
  const [tag, setTag] = useState(initial);
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(tag.trim());
      }}
    >
      <TextField
        label={t("tag")}
        maxLength={RELATION_TAG_MAX}
        value={tag}
        onChange={(e) => setTag(e.target.value)}
        hint={t("tagHint")}
        autoFocus
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          {tc("cancel")}
        </Button>
        <Button type="submit" busy={busy}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}
