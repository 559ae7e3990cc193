import { AppShell } from "@/components/layout/app-shell";
import { NotAllowed } from "@/components/layout/not-allowed";
import { getShellProps } from "@/components/layout/shell-props";
import { TemplatesList } from "@/components/templates/templates-list";
import { WelcomeTour } from "@/components/tour/welcome-tour";
import { can } from "@/lib/auth/permissions";
import { requirePageAccount } from "@/lib/auth/require-page-account";
import { flattenTree, folderTree } from "@/lib/folders/folders";
import { findCategories } from "@/lib/categories/find-categories";
import { findTags } from "@/lib/tags/tags";
import { findTemplates } from "@/lib/templates/templates";
import { hasSeenWelcomeTour } from "@/lib/users/has-seen-welcome-tour";

export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | undefined>>;

/** The template list: 25 a page, by folder (Drive is the root), searchable by name. */
export default async function TemplatesPage({ searchParams }: { searchParams: Search }) {
  const ctx = await requirePageAccount("/templates");
  const { shell, me } = await getShellProps(ctx);
  if (!can(ctx, ["ViewTemplates", "ManageTemplates"])) {
    return (
      <AppShell {...shell}>
        <NotAllowed />
      </AppShell>
    );
  }
  const query = await searchParams;
  const folder = query.folder ?? null;
  const [page, tree, categories, tags] = await Promise.all([
    findTemplates(ctx, {
      page: Number(query.page) || 1,
      search: query.q?.slice(0, 200) || undefined,
      folderId: folder === "root" ? null : (folder ?? undefined),
      published: query.state === "published" ? true : query.state === "draft" ? false : undefined,
      categoryId: query.category?.slice(0, 64) || undefined,
      tagIds: query.tag ? [query.tag.slice(0, 64)] : undefined,
      orderBy: query.orderBy === "name" || query.orderBy === "createdAt" ? query.orderBy : "updatedAt",
      sortBy: query.sortBy === "asc" ? "asc" : "desc",
    }),
    folderTree(ctx, "template"),
    findCategories(ctx, { group: "template" }),
    findTags(ctx),
  ]);
  // Spec "Welcome tour": opens here until hasSeenWelcomeTour is set; its guided part adds a
  // template, so only for someone who may (docs/welcome-tour.md).
  const showWelcomeTour = can(ctx, "ManageTemplates") && !hasSeenWelcomeTour(me.metadata);
  return (
    <AppShell {...shell}>
      <TemplatesList
        canManage={can(ctx, "ManageTemplates")}
        folders={flattenTree(tree)}
        currentFolder={folder}
        search={query.q ?? ""}
        filters={{ state: query.state ?? "", category: query.category ?? "", tag: query.tag ?? "" }}
        categories={categories.map((c) => ({ id: c.id, name: c.name }))}
        tags={tags.map((t) => ({ id: t.id, name: t.name }))}
        page={{ page: page.page, pages: page.pages, total: page.total }}
        templates={page.items.map((t) => ({
          id: t.id,
          name: t.name,
          published: t.published,
          format: t.format,
          fields: Array.isArray(t.variables) ? t.variables.length : 0,
          category: t.category?.name ?? null,
          folder: t.folder?.name ?? null,
          updatedAt: t.updatedAt.toISOString(),
        }))}
      />
      {showWelcomeTour && <WelcomeTour afterTerms={!me.tos} />}
    </AppShell>
  );
}
