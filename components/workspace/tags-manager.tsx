"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmFor } from "@/components/ui/confirm-modal";
import { ContextMenu } from "@/components/ui/context-menu";
import { TextField } from "@/components/ui/text-field";
import { useAction } from "@/components/ui/use-action";
import { callOperation } from "@/lib/client/operations";
import { InlineEditForm } from "./inline-edit-form";
import { ItemList } from "./item-list";
import { createTagOp, deleteTagOp, updateTagOp } from "@/lib/operations/routes/tag";
import { LIMITS } from "@/lib/validation/limits";

type Tag = { id: string; name: string; color: string; count: number };

/** Tags with their colours and usage; each row's context menu edits (name, colour) or deletes it. */
export function TagsManager({ tags }: { tags: Tag[] }) {
  const t = useTranslations("tags");
  const tc = useTranslations("common");
  const { run, busy } = useAction();
  const [name, setName] = useState("");
  const [color, setColor] = useState("#7c3aed");
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const [editing, setEditing] = useState<{ id: string; name: string; color: string } | null>(null);

  async function add(event: FormEvent) {
    event.preventDefault();
    if (await run(() => callOperation(createTagOp, { name, color }), "added", "createError")) setName("");
  }

  return (
    <section className="flex flex-col gap-6">
      <div>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="text-zinc-600">{t("intro")}</p>
      </div>
      <form onSubmit={add} className="grid gap-3 rounded-lg border border-zinc-200 bg-white p-4 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <TextField label={t("name")} required maxLength={LIMITS.shortName} value={name} onChange={(e) => setName(e.target.value)} />
        <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700">
          {t("color")}
          <input
            type="color"
            value={color}
            onChange={(e) => setColor(e.target.value)}
            className="h-10 w-16 cursor-pointer rounded border border-zinc-300"
          />
        </label>
        <Button type="submit" busy={busy}>
          {t("add")}
        </Button>
      </form>
      <ItemList
        items={tags}
        empty={t("empty")}
        rowTestId="tag-row"
        row={(tag) =>
          editing?.id === tag.id ? (
            <InlineEditForm
              className="flex flex-1 flex-wrap items-end gap-2"
              nameLabel={t("name")}
              maxLength={LIMITS.shortName}
              name={editing.name}
              onName={(name) => setEditing({ ...editing, name })}
              busy={busy}
              saveLabel={tc("save")}
              cancelLabel={tc("cancel")}
              onSave={() =>
                run(() => callOperation(updateTagOp, { id: tag.id, name: editing.name, color: editing.color }), "updated", "updateError")
              }
              onClose={() => setEditing(null)}
            >
              <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700">
                {t("colorOf", { name: tag.name })}
                <input
                  type="color"
                  value={editing.color}
                  onChange={(e) => setEditing({ ...editing, color: e.target.value })}
                  className="h-10 w-16 cursor-pointer rounded border border-zinc-300"
                />
              </label>
            </InlineEditForm>
          ) : (
            <>
              <span
                className="inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm"
                style={{ background: `${tag.color}22`, color: "#18181b" }}
              >
                <span aria-hidden className="size-3 rounded-full" style={{ background: tag.color }} />
                {tag.name}
              </span>
              <span className="text-xs text-zinc-500">{t("usage", { count: tag.count })}</span>
              <span className="flex-1" />
              <ContextMenu
                label={t("actions", { name: tag.name })}
                items={[
                  { label: t("edit"), onSelect: () => setEditing({ id: tag.id, name: tag.name, color: tag.color }) },
                  { label: t("delete"), danger: true, onSelect: () => setDeleting(tag) },
                ]}
              />
            </>
          )
        }
      />
      <ConfirmFor
        target={deleting}
        title={t("delete")}
        message={(item) => t("confirmDelete", { name: item.name })}
        confirmLabel={t("delete")}
        onClose={() => setDeleting(null)}
        onConfirm={(item) => run(() => callOperation(deleteTagOp, { id: item.id }), "updated", "deleteError")}
      />
    </section>
  );
}
