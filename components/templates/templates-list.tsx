"use client";

import { useFormatter, useTranslations } from "@/lib/i18n/client";
import { FolderBar } from "@/components/folders/folder-bar";
import { FolderLayout } from "@/components/folders/folder-layout";
import { ListFilters } from "@/components/lists/list-filters";
import { ListTable } from "@/components/lists/list-table";
import { SelectionDeleteBar } from "@/components/lists/selection-delete-bar";
import { SortableHeader } from "@/components/lists/sortable-header";
import { useListNavigation } from "@/components/lists/use-list-navigation";
import { useRowDialogs } from "@/components/lists/use-row-dialogs";
import { useSelection } from "@/components/lists/use-selection";
import type { ContextMenuItem } from "@/components/ui/context-menu";
import { Pagination } from "@/components/ui/pagination";
import { useAction } from "@/components/ui/use-action";
import { callOperation, operationHref } from "@/lib/client/operations";
import type { FolderOption } from "@/lib/folders/folder-types";
import { UploadTemplate } from "./upload-template";
import {
  bulkDeleteTemplatesOp,
  cloneTemplateOp,
  deleteTemplateOp,
  exportTemplatesOp,
  getTemplateFileOp,
  publishUnpublishTemplateOp,
  updateTemplateDestinationFolderOp,
} from "@/lib/operations/routes/template";

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
  const rowDialogs = useRowDialogs<TemplateRow>({
    texts: {
      moveToFolder: t("moveToFolder"),
      moveDescription: (name) => t("moveDescription", { name }),
      delete: t("delete"),
      confirmDelete: (name) => t("confirmDelete", { name }),
    },
    folders,
    busy,
    onMove: (row, destinationId) =>
      run(() => callOperation(updateTemplateDestinationFolderOp, { id: row.id, destinationId }), "updated", "updateError"),
    onDelete: (row) => run(() => callOperation(deleteTemplateOp, { id: row.id }), "updated", "deleteError"),
  });
  const currentFolder = query.folder ?? null;

  const menuItems = (row: TemplateRow): ContextMenuItem[] => [
    { label: t("open"), href: `/t/${row.id}/view` },
    ...(canManage
      ? [
          {
            label: row.published ? t("unpublish") : t("publish"),
            onSelect: () =>
              run(() => callOperation(publishUnpublishTemplateOp, { id: row.id, published: !row.published }), "published", "publishError"),
          },
          {
            label: t("duplicate"),
            onSelect: () => run(() => callOperation(cloneTemplateOp, { id: row.id }), "duplicated", "cloneError"),
          },
        ]
      : []),
    { label: t("download"), href: operationHref(getTemplateFileOp, { id: row.id }), download: true },
    ...(canManage
      ? [
          { label: t("moveToFolder"), onSelect: () => rowDialogs.move(row) },
          { label: t("delete"), danger: true, onSelect: () => rowDialogs.remove(row) },
        ]
      : []),
  ];

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold" data-tour="templates-title">
          {t("title")}
        </h1>
        <div className="flex flex-wrap gap-2">
          <a
            href={operationHref(
              exportTemplatesOp,
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
            searchLabel={t("search")}
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
          <SelectionDeleteBar
            texts={{
              selected: (count) => t("selected", { count }),
              deleteSelected: t("deleteSelected"),
              confirmBulkDelete: (count) => t("confirmBulkDelete", { count }),
              delete: t("delete"),
            }}
            selection={selection}
            onDelete={(ids) => run(() => callOperation(bulkDeleteTemplatesOp, { ids }), "updated", "deleteError")}
          />
        )}

        <ListTable
          rows={templates}
          texts={{
            selectAll: t("selectAll"),
            actions: t("actions"),
            select: (name) => t("select", { name }),
            actionsFor: (name) => t("actionsFor", { name }),
          }}
          empty={t("empty")}
          selection={selection}
          selectable={canManage}
          rowTestId="template-row"
          menuItems={menuItems}
          headers={
            <>
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
            </>
          }
          cells={(row) => (
            <>
              <td>
                <a href={`/t/${row.id}/view`} className="font-medium text-brand-700 hover:underline">
                  {row.name}
                </a>
                <span className="ml-2 rounded bg-zinc-100 px-1.5 py-0.5 text-xs uppercase text-zinc-600">{row.format}</span>
                {row.folder && (
                  <span className="ml-2 text-xs text-zinc-500" data-testid="template-folder">
                    {row.folder}
                  </span>
                )}
              </td>
              <td>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs ${row.published ? "bg-emerald-50 text-emerald-800" : "bg-zinc-100 text-zinc-700"}`}
                >
                  {row.published ? t("published") : t("draft")}
                </span>
              </td>
              <td className="hidden sm:table-cell">{row.fields}</td>
              <td className="hidden lg:table-cell">{row.author ?? "—"}</td>
              <td className="hidden lg:table-cell">{format.dateTime(new Date(row.createdAt), { dateStyle: "medium" })}</td>
              <td className="hidden md:table-cell">{format.dateTime(new Date(row.updatedAt), { dateStyle: "medium" })}</td>
            </>
          )}
        />
        <Pagination {...page} />
        {rowDialogs.dialogs}
      </FolderLayout>
    </section>
  );
}
