"use client";

import { useFormatter, useTranslations } from "next-intl";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useProgressRouter } from "@/components/layout/use-progress-router";
import { useState, type FormEvent } from "react";
import { FolderBar } from "@/components/folders/folder-bar";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/confirm-modal";
import { Pagination } from "@/components/ui/pagination";
import { useAction } from "@/components/ui/use-action";
import { apiRequest } from "@/lib/client/api";
import { DOCUMENT_STATUSES } from "@/lib/documents/status";
import type { FolderOption } from "@/lib/folders/folders";
import { HealthDot, Highlight } from "./document-bits";
import { UploadDocument } from "./upload-document";

export type DocumentRow = {
  id: string;
  name: string;
  ref: string | null;
  status: (typeof DOCUMENT_STATUSES)[number];
  health: "green" | "amber" | "red";
  category: string | null;
  tags: { id: string; name: string; color: string }[];
  author: string | null;
  updatedAt: string;
  endedAt: string | null;
  highlight: { text: string; match: boolean }[] | null;
};

const input = "min-h-10 rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm";
const SORTABLE = ["name", "status", "updatedAt", "endedAt"] as const;

/** The repository list: filters in the address, sortable columns, selection for bulk delete, CSV export. */
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
  page: { page: number; pages: number; total: number };
  query: Record<string, string>;
  folders: FolderOption[];
  categories: { id: string; name: string }[];
  tags: { id: string; name: string; color: string }[];
  authors: { id: string; name: string }[];
  canManage: boolean;
}) {
  const t = useTranslations("documents");
  const ts = useTranslations("documents.status");
  const format = useFormatter();
  const router = useProgressRouter();
  const pathname = usePathname();
  const { run } = useAction();
  const [filters, setFilters] = useState({
    q: query.q ?? "",
    status: query.status ?? "",
    category: query.category ?? "",
    tag: query.tag ?? "",
    author: query.author ?? "",
    dateField: query.dateField ?? "createdAt",
    from: query.from ?? "",
    to: query.to ?? "",
  });
  const [selected, setSelected] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);

  const go = (next: Record<string, string>) => {
    const params = new URLSearchParams(Object.entries(next).filter(([, v]) => v));
    router.push(params.size ? `${pathname}?${params}` : pathname);
    setSelected([]);
  };

  function apply(event: FormEvent) {
    event.preventDefault();
    go({ ...(query.folder ? { folder: query.folder } : {}), ...filters, dateField: filters.from || filters.to ? filters.dateField : "" });
  }

  function sort(column: (typeof SORTABLE)[number]) {
    const same = (query.orderBy ?? "updatedAt") === column;
    go({ ...query, page: "", orderBy: column, sortBy: same && query.sortBy !== "asc" ? "asc" : "desc" });
  }

  const sortMark = (column: string) => ((query.orderBy ?? "updatedAt") === column ? (query.sortBy === "asc" ? "ascending" : "descending") : "none");
  const exportHref = `/vapp/documents/export?${new URLSearchParams(Object.entries(query).filter(([k, v]) => v && k !== "page"))}`;
  const allSelected = documents.length > 0 && selected.length === documents.length;

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <div className="flex flex-wrap gap-2">
          <a href={exportHref} className="inline-flex min-h-10 items-center rounded-md border border-zinc-300 bg-white px-4 text-sm font-medium hover:bg-zinc-50">{t("exportCsv")}</a>
          {canManage && <UploadDocument folderId={query.folder && query.folder !== "root" ? query.folder : null} />}
        </div>
      </div>
      <FolderBar group="document" folders={folders} current={query.folder ?? null} canManage={canManage} />
      <form role="search" onSubmit={apply} className="grid gap-3 rounded-lg border border-zinc-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4" aria-label={t("filters")}>
        <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700 sm:col-span-2">
          {t("search")}
          <input type="search" name="q" className={input} value={filters.q} onChange={(e) => setFilters({ ...filters, q: e.target.value })} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700">
          {t("statusFilter")}
          <select className={input} value={filters.status} onChange={(e) => setFilters({ ...filters, status: e.target.value })}>
            <option value="">{t("all")}</option>
            {DOCUMENT_STATUSES.map((s) => (
              <option key={s} value={s}>{ts(s)}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700">
          {t("category")}
          <select className={input} value={filters.category} onChange={(e) => setFilters({ ...filters, category: e.target.value })}>
            <option value="">{t("all")}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>{c.name}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700">
          {t("tag")}
          <select className={input} value={filters.tag} onChange={(e) => setFilters({ ...filters, tag: e.target.value })}>
            <option value="">{t("all")}</option>
            {tags.map((tag) => (
              <option key={tag.id} value={tag.id}>{tag.name}</option>
            ))}
          </select>
        </label>
        {authors.length > 0 && (
          <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700">
            {t("author")}
            <select className={input} value={filters.author} onChange={(e) => setFilters({ ...filters, author: e.target.value })}>
              <option value="">{t("all")}</option>
              {authors.map((a) => (
                <option key={a.id} value={a.id}>{a.name}</option>
              ))}
            </select>
          </label>
        )}
        <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700">
          {t("dateField")}
          <select className={input} value={filters.dateField} onChange={(e) => setFilters({ ...filters, dateField: e.target.value })}>
            {(["createdAt", "updatedAt", "startedAt", "endedAt"] as const).map((field) => (
              <option key={field} value={field}>{t(`dates.${field}`)}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700">
          {t("from")}
          <input type="date" className={input} value={filters.from} onChange={(e) => setFilters({ ...filters, from: e.target.value })} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700">
          {t("to")}
          <input type="date" className={input} value={filters.to} onChange={(e) => setFilters({ ...filters, to: e.target.value })} />
        </label>
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4">
          <Button type="submit">{t("apply")}</Button>
          <Button type="button" variant="ghost" onClick={() => go({})}>{t("clear")}</Button>
        </div>
      </form>

      {canManage && selected.length > 0 && (
        <div className="flex items-center gap-3 rounded-md bg-brand-50 px-4 py-2 text-sm" role="status">
          {t("selected", { count: selected.length })}
          <Button variant="danger" onClick={() => setConfirming(true)}>{t("deleteSelected")}</Button>
        </div>
      )}

      {documents.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-300 bg-white p-8 text-center text-zinc-600">{t("empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-zinc-50 text-zinc-600">
              <tr>
                {canManage && (
                  <th scope="col" className="w-10 px-4 py-2">
                    <input type="checkbox" aria-label={t("selectAll")} checked={allSelected} onChange={(e) => setSelected(e.target.checked ? documents.map((d) => d.id) : [])} />
                  </th>
                )}
                {SORTABLE.map((column) => (
                  <th key={column} scope="col" aria-sort={sortMark(column)} className={`px-4 py-2 font-medium ${column === "endedAt" ? "hidden md:table-cell" : ""}`}>
                    <button type="button" className="hover:underline" onClick={() => sort(column)}>
                      {t(`columns.${column}`)}
                      {sortMark(column) === "ascending" ? " ▲" : sortMark(column) === "descending" ? " ▼" : ""}
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100">
              {documents.map((doc) => (
                <tr key={doc.id} data-testid="document-row">
                  {canManage && (
                    <td className="px-4 py-2">
                      <input
                        type="checkbox"
                        aria-label={t("select", { name: doc.name })}
                        checked={selected.includes(doc.id)}
                        onChange={(e) => setSelected(e.target.checked ? [...selected, doc.id] : selected.filter((id) => id !== doc.id))}
                      />
                    </td>
                  )}
                  <td className="px-4 py-2">
                    <Link href={`/d/${doc.id}/view`} className="font-medium text-brand-700 hover:underline">{doc.name}</Link>
                    {doc.ref && <span className="ml-2 text-xs text-zinc-500">#{doc.ref}</span>}
                    <span className="ml-2 inline-flex flex-wrap gap-1">
                      {doc.tags.map((tag) => (
                        <span key={tag.id} className="rounded-full px-2 py-0.5 text-xs" style={{ background: `${tag.color}22` }}>{tag.name}</span>
                      ))}
                    </span>
                    {doc.highlight && <Highlight parts={doc.highlight} />}
                  </td>
                  <td className="px-4 py-2">
                    <span className="inline-flex items-center gap-2">
                      <HealthDot health={doc.health} />
                      {ts(doc.status)}
                    </span>
                  </td>
                  <td className="px-4 py-2">{format.dateTime(new Date(doc.updatedAt), { dateStyle: "medium" })}</td>
                  <td className="hidden px-4 py-2 md:table-cell">{doc.endedAt ? format.dateTime(new Date(doc.endedAt), { dateStyle: "medium" }) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination {...page} />
      <ConfirmModal
        open={confirming}
        title={t("deleteSelected")}
        message={t("confirmBulkDelete", { count: selected.length })}
        confirmLabel={t("delete")}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false);
          if (await run(() => apiRequest("DELETE", "/vapp/documents", { ids: selected }), "updated", "deleteError")) setSelected([]);
        }}
      />
    </section>
  );
}
