import { AppShell } from "@/components/layout/app-shell";
import { NotAllowed } from "@/components/layout/not-allowed";
import { getShellProps } from "@/components/layout/shell-props";
import { DocumentsList } from "@/components/documents/documents-list";
import { can } from "@/lib/auth/permissions";
import { requirePageAccount } from "@/lib/auth/require-page-account";
import { findCategories } from "@/lib/categories/find-categories";
import { documentRoles } from "@/lib/documents/access";
import { documentListSchema, findDocuments, findDocumentsAuthors } from "@/lib/documents/find-documents";
import { documentListFromQuery } from "@/lib/documents/list-query";
import { pdfRenditionsAvailable } from "@/lib/documents/pdf-rendition";
import { flattenTree, folderTree } from "@/lib/folders/folders";
import { findTags } from "@/lib/tags/tags";

export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

/**
 * The repository (spec /docs): 25 a page, sortable, filtered by status, category, tag, folder,
 * author, dates and words; the filters live in the address, so entering from the menu starts
 * from the cleared 'all' view. Each row carries the caller's role, for its context menu.
 */
export default async function DocumentsPage({ searchParams }: { searchParams: Search }) {
  const ctx = await requirePageAccount("/docs");
  const { shell } = await getShellProps(ctx);
  if (!can(ctx, ["ViewDocuments", "ManageDocuments"])) {
    return (
      <AppShell {...shell}>
        <NotAllowed />
      </AppShell>
    );
  }
  const raw = await searchParams;
  const params = new URLSearchParams(Object.entries(raw).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])));
  // A hand-edited address with a bad filter shows the cleared list rather than an error page
  // (the service's own parse throws a ZodError, not an AppError, so it is checked here first).
  const filters = documentListSchema.safeParse(documentListFromQuery(params));
  const [result, tree, categories, tags, authors] = await Promise.all([
    findDocuments(ctx, filters.success ? filters.data : {}),
    folderTree(ctx, "document"),
    findCategories(ctx, { group: "document" }),
    findTags(ctx),
    findDocumentsAuthors(ctx, { archived: filters.success ? filters.data.archived : false }),
  ]);
  const abilities = await documentRoles(ctx, result.items.map((d) => d.id));
  const renditions = pdfRenditionsAvailable();
  return (
    <AppShell {...shell}>
      <DocumentsList
        canManage={can(ctx, "ManageDocuments")}
        folders={flattenTree(tree)}
        categories={categories.map((c) => ({ id: c.id, name: c.name }))}
        tags={tags.map((t) => ({ id: t.id, name: t.name, color: t.color }))}
        authors={authors}
        query={Object.fromEntries(params)}
        page={{ page: result.page, pages: result.pages, total: result.total }}
        documents={result.items.map((d) => ({
          id: d.id,
          name: d.name,
          ref: d.ref,
          status: d.status,
          health: d.health,
          category: d.category?.name ?? null,
          tags: d.tags.map((t) => ({ id: t.id, name: t.name, color: t.color })),
          author: d.author ? `${d.author.firstName} ${d.author.lastName}`.trim() || d.author.email : null,
          folderId: d.folderId,
          updatedAt: d.updatedAt.toISOString(),
          endedAt: d.endedAt?.toISOString() ?? null,
          highlight: d.highlight,
          pdf: renditions || d.contents[0]?.mimetype === "application/pdf",
          abilities: { edit: abilities.get(d.id)?.edit ?? false, manage: abilities.get(d.id)?.manage ?? false },
        }))}
      />
    </AppShell>
  );
}
