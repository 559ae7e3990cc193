"use client";

import { useTranslations } from "@/lib/i18n/client";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmFor } from "@/components/ui/confirm-modal";
import { ContextMenu, type ContextMenuItem } from "@/components/ui/context-menu";
import { TextField } from "@/components/ui/text-field";
import { useAction } from "@/components/ui/use-action";
import { callOperation } from "@/lib/client/operations";
import { InlineEditForm } from "./inline-edit-form";
import { ItemList } from "./item-list";
import { createCategoryOp, deleteCategoryOp, setCategoryVisibilityOp, updateCategoryOp } from "@/lib/operations/routes/category";
import { LIMITS } from "@/lib/validation/limits";

type Category = { id: string; name: string; group: string; hidden: boolean; global: boolean };
const GROUPS = ["document", "template"] as const;

/** Categories grouped by use, with the context actions of the spec: edit, delete, hide, show. */
export function CategoriesManager({ categories }: { categories: Category[] }) {
  const t = useTranslations("categories");
  const tc = useTranslations("common");
  const groupId = useId();
  const { run, busy } = useAction();
  const [name, setName] = useState("");
  const [group, setGroup] = useState<(typeof GROUPS)[number]>("document");
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);

  /** The row's context menu (spec "Context menus": edit, delete, hide, show); shared categories only hide and show. */
  const menuItems = (category: Category): ContextMenuItem[] => [
    ...(category.global ? [] : [{ label: t("edit"), onSelect: () => setEditing({ id: category.id, name: category.name }) }]),
    category.hidden
      ? {
          label: t("show"),
          onSelect: () =>
            void run(() => callOperation(setCategoryVisibilityOp, { id: category.id, hidden: false }), "updated", "updateError"),
        }
      : {
          label: t("hide"),
          onSelect: () =>
            void run(() => callOperation(setCategoryVisibilityOp, { id: category.id, hidden: true }), "updated", "updateError"),
        },
    ...(category.global ? [] : [{ label: t("delete"), danger: true, onSelect: () => setDeleting(category) }]),
  ];

  async function add(event: FormEvent) {
    event.preventDefault();
    if (await run(() => callOperation(createCategoryOp, { name, group }), "added", "createError")) setName("");
  }

  return (
    <section className="flex flex-col gap-6">
      <div>
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="text-zinc-600">{t("intro")}</p>
      </div>
      <form onSubmit={add} className="grid gap-3 rounded-lg border border-zinc-200 bg-white p-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
        <TextField label={t("name")} required maxLength={LIMITS.name} value={name} onChange={(e) => setName(e.target.value)} />
        <div className="flex flex-col gap-1">
          <label htmlFor={groupId} className="text-sm font-medium text-zinc-700">
            {t("group")}
          </label>
          <select
            id={groupId}
            value={group}
            onChange={(e) => setGroup(e.target.value as (typeof GROUPS)[number])}
            className="min-h-10 rounded-md border border-zinc-300 bg-white px-3 text-sm"
          >
            {GROUPS.map((g) => (
              <option key={g} value={g}>
                {t(`groups.${g}`)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" busy={busy}>
          {t("add")}
        </Button>
      </form>
      {GROUPS.map((g) => {
        const list = categories.filter((c) => c.group === g);
        return (
          <section key={g} aria-labelledby={`group-${g}`}>
            <h2 id={`group-${g}`} className="mb-2 font-semibold">
              {t(`groups.${g}`)}
            </h2>
            <ItemList
              items={list}
              empty={t("empty")}
              rowTestId="category-row"
              row={(category) =>
                editing?.id === category.id ? (
                  <InlineEditForm
                    className="flex flex-1 items-end gap-2"
                    nameLabel={t("name")}
                    maxLength={LIMITS.name}
                    name={editing.name}
                    onName={(name) => setEditing({ ...editing, name })}
                    busy={busy}
                    saveLabel={t("save")}
                    cancelLabel={tc("cancel")}
                    onSave={() =>
                      run(() => callOperation(updateCategoryOp, { id: category.id, name: editing.name }), "updated", "updateError")
                    }
                    onClose={() => setEditing(null)}
                  />
                ) : (
                  <>
                    <span className={`flex-1 ${category.hidden ? "text-zinc-400 line-through" : ""}`}>
                      {category.name}
                      {category.hidden && <span className="ml-2 text-xs text-zinc-500 no-underline">({t("hidden")})</span>}
                      {category.global && <span className="ml-2 text-xs text-zinc-500">· {t("shared")}</span>}
                    </span>
                    <ContextMenu label={t("actions", { name: category.name })} items={menuItems(category)} />
                  </>
                )
              }
            />
          </section>
        );
      })}
      <ConfirmFor
        target={deleting}
        title={t("delete")}
        message={(item) => t("confirmDelete", { name: item.name })}
        confirmLabel={t("delete")}
        onClose={() => setDeleting(null)}
        onConfirm={(item) => run(() => callOperation(deleteCategoryOp, { id: item.id }), "updated", "deleteError")}
      />
    </section>
  );
}
