"use client";

import { useFormatter, useTranslations } from "next-intl";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useProgressRouter } from "@/components/layout/use-progress-router";
import { useState, type FormEvent } from "react";
import { FolderBar } from "@/components/folders/folder-bar";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/confirm-modal";
import { Pagination } from "@/components/ui/pagination";
import { useAction } from "@/components/ui/use-action";
import { apiRequest } from "@/lib/client/api";
import type { FolderOption } from "@/lib/folders/folders";
import { UploadTemplate } from "./upload-template";

const select = "min-h-10 rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm";

export type TemplateRow = { id: string; name: string; published: boolean; format: string; fields: number; category: string | null; folder: string | null; updatedAt: string };

/** Templates: search, folders, upload, and per row open, publish, duplicate, delete. */
export function TemplatesList({
  templates,
  page,
  folders,
  currentFolder,
  search,
  filters,
  categories,
  tags,
  canManage,
}: {
  templates: TemplateRow[];
  page: { page: number; pages: number; total: number };
  folders: FolderOption[];
  currentFolder: string | null;
  search: string;
  filters: { state: string; category: string; tag: string };
  categories: { id: string; name: string }[];
  tags: { id: string; name: string }[];
  canManage: boolean;
}) {
  const t = useTranslations("templates");
  const format = useFormatter();
  const router = useProgressRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const { run } = useAction();
  const [text, setText] = useState(search);
  const [deleting, setDeleting] = useState<TemplateRow | null>(null);

  function filter(key: "state" | "category" | "tag", value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete("page");
    router.push(`${pathname}?${next}`);
  }

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams(params);
    if (text.trim()) next.set("q", text.trim());
    else next.delete("q");
    next.delete("page");
    router.push(`${pathname}?${next}`);
  }

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold" data-tour="templates-title">{t("title")}</h1>
        {canManage && <UploadTemplate folderId={currentFolder && currentFolder !== "root" ? currentFolder : null} />}
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3" data-tour="templates-filters">
        <FolderBar group="template" folders={folders} current={currentFolder} canManage={canManage} />
        <form role="search" onSubmit={submitSearch} className="flex items-end gap-2">
          <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700">
            {t("search")}
            <input type="search" value={text} onChange={(e) => setText(e.target.value)} className="min-h-10 rounded-md border border-zinc-300 px-3 py-2 text-sm" />
          </label>
          <Button type="submit" variant="secondary">{t("searchButton")}</Button>
        </form>
      </div>
      <div className="flex flex-wrap gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700">
          {t("state")}
          <select className={select} value={filters.state} onChange={(e) => filter("state", e.target.value)}>
            <option value="">{t("allStates")}</option>
            <option value="published">{t("published")}</option>
            <option value="draft">{t("draft")}</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700">
          {t("category")}
          <select className={select} value={filters.category} onChange={(e) => filter("category", e.target.value)}>
            <option value="">{t("allCategories")}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>{c.name}</option>
            ))}
          </select>
        </label>
        {tags.length > 0 && (
          <label className="flex flex-col gap-1 text-sm font-medium text-zinc-700">
            {t("tags")}
            <select className={select} value={filters.tag} onChange={(e) => filter("tag", e.target.value)}>
              <option value="">{t("allTags")}</option>
              {tags.map((tag) => (
                <option key={tag.id} value={tag.id}>{tag.name}</option>
              ))}
            </select>
          </label>
        )}
      </div>
      {templates.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-300 bg-white p-8 text-center text-zinc-600">{t("empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-zinc-50 text-zinc-600">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">{t("name")}</th>
                <th scope="col" className="px-4 py-2 font-medium">{t("state")}</th>
                <th scope="col" className="hidden px-4 py-2 font-medium sm:table-cell">{t("fields")}</th>
                <th scope="col" className="hidden px-4 py-2 font-medium md:table-cell">{t("updated")}</th>
                <th scope="col" className="px-4 py-2"><span className="sr-only">{t("actions")}</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100">
              {templates.map((row) => (
                <tr key={row.id} data-testid="template-row">
                  <td className="px-4 py-2">
                    <Link href={`/t/${row.id}/view`} className="font-medium text-brand-700 hover:underline">{row.name}</Link>
                    <span className="ml-2 rounded bg-zinc-100 px-1.5 py-0.5 text-xs uppercase text-zinc-600">{row.format}</span>
                    {row.folder && <span className="ml-2 text-xs text-zinc-500">{row.folder}</span>}
                  </td>
                  <td className="px-4 py-2">
                    <span className={`rounded-full px-2 py-0.5 text-xs ${row.published ? "bg-emerald-50 text-emerald-800" : "bg-zinc-100 text-zinc-700"}`}>
                      {row.published ? t("published") : t("draft")}
                    </span>
                  </td>
                  <td className="hidden px-4 py-2 sm:table-cell">{row.fields}</td>
                  <td className="hidden px-4 py-2 md:table-cell">{format.dateTime(new Date(row.updatedAt), { dateStyle: "medium" })}</td>
                  <td className="px-4 py-2 text-right">
                    {canManage && (
                      <details className="relative inline-block text-left">
                        <summary className="cursor-pointer list-none rounded px-2 py-1 hover:bg-zinc-100" aria-label={t("actionsFor", { name: row.name })}>⋯</summary>
                        <div className="absolute right-0 z-10 mt-1 flex w-44 flex-col rounded-md border border-zinc-200 bg-white py-1 shadow-lg">
                          <button className="px-3 py-1.5 text-left hover:bg-zinc-50" onClick={() => run(() => apiRequest("POST", `/vapp/templates/${row.id}/publish`, { published: !row.published }), "published", "publishError")}>
                            {row.published ? t("unpublish") : t("publish")}
                          </button>
                          <button className="px-3 py-1.5 text-left hover:bg-zinc-50" onClick={() => run(() => apiRequest("POST", `/vapp/templates/${row.id}/clone`), "duplicated", "cloneError")}>
                            {t("duplicate")}
                          </button>
                          <a className="px-3 py-1.5 hover:bg-zinc-50" href={`/vapp/templates/${row.id}/file`}>{t("download")}</a>
                          <button className="px-3 py-1.5 text-left text-red-700 hover:bg-zinc-50" onClick={() => setDeleting(row)}>{t("delete")}</button>
                        </div>
                      </details>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination {...page} />
      <ConfirmModal
        open={deleting !== null}
        title={t("delete")}
        message={t("confirmDelete", { name: deleting?.name ?? "" })}
        confirmLabel={t("delete")}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          const row = deleting!;
          setDeleting(null);
          await run(() => apiRequest("DELETE", `/vapp/templates/${row.id}`), "updated", "deleteError");
        }}
      />
    </section>
  );
}
