"use client";

import { useFormatter, useTranslations } from "@/lib/i18n/client";
import { Link } from "@/components/ui/link";
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
import { DOCUMENT_STATUSES } from "@/lib/documents/status";
import type { FolderOption } from "@/lib/folders/folder-types";
import { healthMark, Highlight } from "./document-bits";
import { UploadDocument } from "./upload-document";
import {
  archiveDocumentOp,
  bulkDeleteDocumentsOp,
  cloneDocumentOp,
  deleteDocumentOp,
  updateDocumentOp,
} from "@/lib/operations/routes/document";
import { exportDocumentsOp, getDocumentFileOp, getDocumentPdfOp } from "@/lib/operations/routes/document-file";

export type DocumentRow = {
  id: string;
  name: string;
  ref: string | null;
  status: (typeof DOCUMENT_STATUSES)[number];
  health: "green" | "amber" | "red";
  category: string | null;
  tags: { id: string; name: string; color: string }[];
  author: string | null;
  folderId: string | null;
  updatedAt: string;
  endedAt: string | null;
  highlight: { text: string; match: boolean }[] | null;
  /** Whether a PDF can be downloaded (a PDF file, or Word with renditions available). */
  pdf: boolean;
  /** The caller's role on the row: editor (edit, move) and owner (delete). */
  abilities: { edit: boolean; manage: boolean };
};

const SORTABLE = ["name", "status", "updatedAt", "endedAt"] as const;
const DATE_FIELDS = ["createdAt", "updatedAt", "startedAt", "endedAt"] as const;

/**
 * The repository list: filters in the address, sortable columns, selection for bulk delete, CSV
 * export, and per row the context menu (open, download, PDF, duplicate, move to folder, delete).
 */
export function DocumentsList({
  documents,
  page,
  query,
  folders,
  categories,
  tags,
  authors,
  canManage,
}: {
  documents: DocumentRow[];
  /**
   * `capped`: the total was counted up to a limit and there are more ("more than 10,000");
   * `ranked`: a search ranked its most recent matches only, up to that total.
   */
  page: { page: number; pages: number; total: number; capped?: boolean; ranked?: boolean };
  query: Record<string, string>;
  folders: FolderOption[];
  categories: { id: string; name: string }[];
  tags: { id: string; name: string; color: string }[];
  authors: { id: string; name: string }[];
  canManage: boolean;
}) {
  const t = useTranslations("documents");
  const ts = useTranslations("documents.status");
  const th = useTranslations("documents.health");
  const format = useFormatter();
  const { run, busy } = useAction();
  const list = useListNavigation(query);
  const selection = useSelection(documents.map((d) => d.id));
  const rowDialogs = useRowDialogs<DocumentRow>({
    texts: {
      moveToFolder: t("moveToFolder"),
      moveDescription: (name) => t("moveDescription", { name }),
      delete: t("delete"),
      confirmDelete: (name) => t("confirmDelete", { name }),
    },
    folders,
    busy,
    // A move changes the document's folder (null: the root), like the folder field of its details.
    onMove: (doc, destinationId) =>
      run(() => callOperation(updateDocumentOp, { id: doc.id, folderId: destinationId }), "updated", "updateError"),
    onDelete: (row) => run(() => callOperation(deleteDocumentOp, { id: row.id }), "updated", "deleteError"),
  });
  /** The list shows the archive (archived=1) rather than the current documents. */
  const archive = query.archived === "1";
  /** The same list in the other view: current documents or the archive, from its first page. */
  const viewHref = (archived: boolean) => {
    const next = new URLSearchParams(query);
    if (archived) next.set("archived", "1");
    else next.delete("archived");
    next.delete("page");
    const search = next.toString();
    return `/docs${search ? `?${search}` : ""}`;
  };

  const menuItems = (doc: DocumentRow): ContextMenuItem[] => [
    { label: t("open"), href: `/d/${doc.id}/view` },
    { label: t("download"), href: operationHref(getDocumentFileOp, { id: doc.id }), download: true },
    ...(doc.pdf ? [{ label: t("downloadPdf"), href: operationHref(getDocumentPdfOp, { id: doc.id }), download: true }] : []),
    ...(canManage
      ? [
          {
            label: t("duplicate"),
            onSelect: () => run(() => callOperation(cloneDocumentOp, { id: doc.id }), "duplicated", "cloneError"),
          },
        ]
      : []),
    ...(doc.abilities.edit ? [{ label: t("moveToFolder"), onSelect: () => rowDialogs.move(doc) }] : []),
    ...(doc.abilities.manage
      ? [
          {
            label: archive ? t("restore") : t("archive"),
            onSelect: () => run(() => callOperation(archiveDocumentOp, { id: doc.id, archived: !archive }), "updated", "updateError"),
          },
        ]
      : []),
    ...(canManage && doc.abilities.manage ? [{ label: t("delete"), danger: true, onSelect: () => rowDialogs.remove(doc) }] : []),
  ];

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-4">
          <h1 className="text-2xl font-semibold">{archive ? t("archiveTitle") : t("title")}</h1>
          <nav aria-label={t("views")} className="flex rounded-md border border-zinc-300 bg-white p-0.5 text-sm">
            {[false, true].map((archived) => (
              <Link
                key={String(archived)}
                href={viewHref(archived)}
                aria-current={archive === archived ? "page" : undefined}
                className={`rounded px-3 py-1.5 ${archive === archived ? "bg-brand-50 font-semibold text-brand-800" : "text-zinc-700 hover:bg-zinc-50"}`}
              >
                {archived ? t("archivedView") : t("currentView")}
              </Link>
            ))}
          </nav>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href={list.exportHref(operationHref(exportDocumentsOp, {}))}
            className="inline-flex min-h-10 items-center rounded-md border border-zinc-300 bg-white px-4 text-sm font-medium hover:bg-zinc-50"
          >
            {t("exportCsv")}
          </a>
          {canManage && <UploadDocument folderId={query.folder && query.folder !== "root" ? query.folder : null} />}
        </div>
      </div>
      <FolderLayout folders={folders} current={query.folder ?? null}>
        <FolderBar group="document" folders={folders} current={query.folder ?? null} canManage={canManage} />
        <ListFilters
          query={query}
          searchLabel={t("search")}
          onApply={list.go}
          selects={[
            { name: "status", label: t("statusFilter"), options: DOCUMENT_STATUSES.map((s) => ({ value: s, label: ts(s) })) },
            { name: "category", label: t("category"), options: categories.map((c) => ({ value: c.id, label: c.name })) },
            { name: "tag", label: t("tag"), options: tags.map((tag) => ({ value: tag.id, label: tag.name })) },
            ...(authors.length > 0
              ? [{ name: "author", label: t("author"), options: authors.map((a) => ({ value: a.id, label: a.name })) }]
              : []),
          ]}
          dateFields={DATE_FIELDS.map((field) => ({ value: field, label: t(`dates.${field}`) }))}
        />

        {canManage && (
          <SelectionDeleteBar
            texts={{
              selected: (count) => t("selected", { count }),
              deleteSelected: t("deleteSelected"),
              confirmBulkDelete: (count) => t("confirmBulkDelete", { count }),
              delete: t("delete"),
            }}
            selection={selection}
            onDelete={(ids) => run(() => callOperation(bulkDeleteDocumentsOp, { ids }), "updated", "deleteError")}
          />
        )}

        <ListTable
          rows={documents}
          texts={{
            selectAll: t("selectAll"),
            actions: t("actions"),
            select: (name) => t("select", { name }),
            actionsFor: (name) => t("actionsFor", { name }),
          }}
          empty={archive ? t("archiveEmpty") : t("empty")}
          selection={selection}
          selectable={canManage}
          rowTestId="document-row"
          menuItems={menuItems}
          headers={
            <>
              {SORTABLE.map((column) => (
                <SortableHeader
                  key={column}
                  label={t(`columns.${column}`)}
                  state={list.sortState(column)}
                  onSort={() => list.sort(column)}
                  className={column === "endedAt" ? "hidden md:table-cell" : ""}
                />
              ))}
              <th scope="col" className="hidden px-4 py-2 font-medium lg:table-cell">
                {t("columns.category")}
              </th>
              <th scope="col" className="hidden px-4 py-2 font-medium xl:table-cell">
                {t("columns.author")}
              </th>
            </>
          }
          cells={(doc) => (
            <>
              <td>
                <a href={`/d/${doc.id}/view`} className="font-medium text-brand-700 hover:underline">
                  {doc.name}
                </a>
                {doc.ref && <span className="ml-2 text-xs text-zinc-500">{`#${doc.ref}`}</span>}
                {doc.tags.length > 0 && (
                  <span className="ml-2 inline-flex flex-wrap gap-1">
                    {doc.tags.map((tag) => (
                      <span key={tag.id} className="rounded-full px-2 py-0.5 text-xs" style={{ background: `${tag.color}22` }}>
                        {tag.name}
                      </span>
                    ))}
                  </span>
                )}
                {doc.highlight && <Highlight parts={doc.highlight} />}
              </td>
              <td className="whitespace-nowrap">
                {healthMark(doc.health, th(doc.health), "mr-2 align-middle")}
                {ts(doc.status)}
              </td>
              <td>{format.dateTime(new Date(doc.updatedAt), { dateStyle: "medium" })}</td>
              <td className="hidden md:table-cell">
                {doc.endedAt ? format.dateTime(new Date(doc.endedAt), { dateStyle: "medium" }) : "—"}
              </td>
              <td className="hidden lg:table-cell">{doc.category ?? "—"}</td>
              <td className="hidden xl:table-cell">{doc.author ?? "—"}</td>
            </>
          )}
        />
        <Pagination {...page} />
        {rowDialogs.dialogs}
      </FolderLayout>
    </section>
  );
}
