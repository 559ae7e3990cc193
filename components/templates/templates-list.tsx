"use client";

import { useFormatter, useTranslations } from "next-intl";
import Link from "next/link";
import { useState } from "react";
import { FolderBar } from "@/components/folders/folder-bar";
import { FolderLayout } from "@/components/folders/folder-layout";
import { RowDialogs } from "@/components/lists/row-dialogs";
import { BulkDeleteBar } from "@/components/lists/bulk-delete-bar";
import { ListFilters } from "@/components/lists/list-filters";
import { SortableHeader } from "@/components/lists/sortable-header";
import { useListNavigation } from "@/components/lists/use-list-navigation";
import { useSelection } from "@/components/lists/use-selection";
import { ContextMenu, type ContextMenuItem } from "@/components/ui/context-menu";
import { Pagination } from "@/components/ui/pagination";
import { useAction } from "@/components/ui/use-action";
import { callOperation, operationHref } from "@/lib/client/operations";
import type { FolderOption } from "@/lib/folders/folder-types";
import { UploadTemplate } from "./upload-template";

export type TemplateRow = {
  id: string;
  name: string;
  published: boolean;
  format: string;
  fields: number;
  category: string | null;
  folderId: string | null;
  folder: string | null;
  author: string | null;
  createdAt: string;
  updatedAt: string;
};

const DATE_FIELDS = ["createdAt", "updatedAt"] as const;

/**
 * Templates, built like the repository list: filters in the address (state, category, tag,
 * folder, author, dates, words), sortable columns, selection for bulk delete, CSV export, upload,
 * and per row the context menu (open, publish, duplicate, download, move to folder, delete).
 */
export function TemplatesList({
  templates,
  page,
  query,
  folders,
  categories,
  tags,
  authors,
  canManage,
}: {
  templates: TemplateRow[];
  page: { page: number; pages: number; total: number };
  query: Record<string, string>;
  folders: FolderOption[];
  categories: { id: string; name: string }[];
  tags: { id: string; name: string }[];
  authors: { id: string; name: string }[];
  canManage: boolean;
}) {
  const t = useTranslations("templates");
  const format = useFormatter();
  const { run, busy } = useAction();
  const list = useListNavigation(query);
  const selection = useSelection(templates.map((row) => row.id));
  const [moving, setMoving] = useState<TemplateRow | null>(null);
  const [deleting, setDeleting] = useState<TemplateRow | null>(null);
  const currentFolder = query.folder ?? null;

  const menuItems = (row: TemplateRow): ContextMenuItem[] => [
    { label: t("open"), href: `/t/${row.id}/view` },
    ...(canManage
      ? [
          {
            label: row.published ? t("unpublish") : t("publish"),
            onSelect: () =>
              run(() => callOperation("publishUnpublishTemplate", { id: row.id, published: !row.published }), "published", "publishError"),
          },
          {
            label: t("duplicate"),
            onSelect: () => run(() => callOperation("cloneTemplate", { id: row.id }), "duplicated", "cloneError"),
          },
        ]
      : []),
    { label: t("download"), href: operationHref("getTemplateFile", { id: row.id }), download: true },
    ...(canManage
      ? [
          { label: t("moveToFolder"), onSelect: () => setMoving(row) },
          { label: t("delete"), danger: true, onSelect: () => setDeleting(row) },
        ]
      : []),
  ];

  async function move(destinationId: string | null) {
    const row = moving!;
    const done = await run(() => callOperation("updateTemplateDestinationFolder", { id: row.id, destinationId }), "updated", "updateError");
    if (done) setMoving(null);
  }

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold" data-tour="templates-title">
          {t("title")}
        </h1>
        <div className="flex flex-wrap gap-2">
          <a
            href={operationHref(
              "exportTemplates",
              Object.fromEntries(Object.entries(query).filter(([key, value]) => value && key !== "page")),
            )}
            className="inline-flex min-h-10 items-center rounded-md border border-zinc-300 bg-white px-4 text-sm font-medium hover:bg-zinc-50"
          >
            {t("exportCsv")}
          </a>
          {canManage && <UploadTemplate folderId={currentFolder && currentFolder !== "root" ? currentFolder : null} />}
        </div>
      </div>
      <FolderLayout folders={folders} current={currentFolder}>
        <div className="flex flex-col gap-4" data-tour="templates-filters">
          <FolderBar group="template" folders={folders} current={currentFolder} canManage={canManage} />
          <ListFilters
            query={query}
            label={(key) => t(key)}
            onApply={list.go}
            selects={[
              {
                name: "state",
                label: t("state"),
                allLabel: t("allStates"),
                options: [
                  { value: "published", label: t("published") },
                  { value: "draft", label: t("draft") },
                ],
              },
              {
                name: "category",
                label: t("category"),
                allLabel: t("allCategories"),
                options: categories.map((c) => ({ value: c.id, label: c.name })),
              },
              { name: "tag", label: t("tags"), allLabel: t("allTags"), options: tags.map((tag) => ({ value: tag.id, label: tag.name })) },
              ...(authors.length > 0
                ? [{ name: "author", label: t("author"), options: authors.map((a) => ({ value: a.id, label: a.name })) }]
                : []),
            ]}
            dateFields={DATE_FIELDS.map((field) => ({ value: field, label: t(`dates.${field}`) }))}
          />
        </div>

        {canManage && (
          <BulkDeleteBar
            count={selection.selected.length}
            labels={{
              selected: t("selected", { count: selection.selected.length }),
              deleteSelected: t("deleteSelected"),
              confirm: t("confirmBulkDelete", { count: selection.selected.length }),
              delete: t("delete"),
            }}
            onDelete={async () => {
              if (await run(() => callOperation("bulkDeleteTemplates", { ids: selection.selected }), "updated", "deleteError"))
                selection.clear();
            }}
          />
        )}

        {templates.length === 0 ? (
          <p className="rounded-lg border border-dashed border-zinc-300 bg-white p-8 text-center text-zinc-600">{t("empty")}</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="bg-zinc-50 text-zinc-600">
                <tr>
                  {canManage && (
                    <th scope="col" className="w-10 px-4 py-2">
                      <input
                        type="checkbox"
                        aria-label={t("selectAll")}
                        checked={selection.allSelected}
                        onChange={(e) => selection.toggleAll(e.target.checked)}
                      />
                    </th>
                  )}
                  <SortableHeader label={t("name")} state={list.sortState("name")} onSort={() => list.sort("name")} />
                  <th scope="col" className="px-4 py-2 font-medium">
                    {t("state")}
                  </th>
                  <th scope="col" className="hidden px-4 py-2 font-medium sm:table-cell">
                    {t("fields")}
                  </th>
                  <th scope="col" className="hidden px-4 py-2 font-medium lg:table-cell">
                    {t("author")}
                  </th>
                  <SortableHeader
                    label={t("created")}
                    state={list.sortState("createdAt")}
                    onSort={() => list.sort("createdAt")}
                    className="hidden lg:table-cell"
                  />
                  <SortableHeader
                    label={t("updated")}
                    state={list.sortState("updatedAt")}
                    onSort={() => list.sort("updatedAt")}
                    className="hidden md:table-cell"
                  />
                  <th scope="col" className="w-14 px-4 py-2">
                    <span className="sr-only">{t("actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-100">
                {templates.map((row) => (
                  <tr key={row.id} data-testid="template-row">
                    {canManage && (
                      <td className="px-4 py-2">
                        <input
                          type="checkbox"
                          aria-label={t("select", { name: row.name })}
                          checked={selection.isSelected(row.id)}
                          onChange={(e) => selection.toggle(row.id, e.target.checked)}
                        />
                      </td>
                    )}
                    <td className="px-4 py-2">
                      <Link href={`/t/${row.id}/view`} className="font-medium text-brand-700 hover:underline">
                        {row.name}
                      </Link>
                      <span className="ml-2 rounded bg-zinc-100 px-1.5 py-0.5 text-xs uppercase text-zinc-600">{row.format}</span>
                      {row.folder && (
                        <span className="ml-2 text-xs text-zinc-500" data-testid="template-folder">
                          {row.folder}
                        </span>
                      )}
                    </td>
                    <td className="px-4 py-2">
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs ${row.published ? "bg-emerald-50 text-emerald-800" : "bg-zinc-100 text-zinc-700"}`}
                      >
                        {row.published ? t("published") : t("draft")}
                      </span>
                    </td>
                    <td className="hidden px-4 py-2 sm:table-cell">{row.fields}</td>
                    <td className="hidden px-4 py-2 lg:table-cell">{row.author ?? "—"}</td>
                    <td className="hidden px-4 py-2 lg:table-cell">{format.dateTime(new Date(row.createdAt), { dateStyle: "medium" })}</td>
                    <td className="hidden px-4 py-2 md:table-cell">{format.dateTime(new Date(row.updatedAt), { dateStyle: "medium" })}</td>
                    <td className="px-2 py-1 text-right">
                      <ContextMenu label={t("actionsFor", { name: row.name })} items={menuItems(row)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination {...page} />
        <RowDialogs
          t={t}
          folders={folders}
          moving={moving}
          deleting={deleting}
          busy={busy}
          onCloseMove={() => setMoving(null)}
          onMove={move}
          onCloseDelete={() => setDeleting(null)}
          onDelete={(row) => run(() => callOperation("deleteTemplate", { id: row.id }), "updated", "deleteError")}
        />
      </FolderLayout>
    </section>
  );
}
