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
import { findTemplatesAuthors } from "@/lib/templates/find-templates-authors";
import { listParams } from "@/lib/documents/list-query";
import { TEMPLATE_LIST_DEFAULTS } from "@/lib/templates/find-templates";
import { templateListFromQuery } from "@/lib/templates/find-templates-query";
import { findTemplates, templateListSchema } from "@/lib/templates/templates";
import { hasSeenWelcomeTour } from "@/lib/users/has-seen-welcome-tour";

export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

/**
 * The template list (spec /templates): 25 a page, sortable, filtered by state, category, tag,
 * folder (Drive is the root), author, dates and words. The filters live in the address, so
 * entering from the menu starts from the cleared 'all' view.
 */
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
  const raw = await searchParams;
  const params = listParams(raw);
  // A hand-edited address with a bad filter shows the cleared list rather than an error page.
  const filters = templateListSchema.safeParse(templateListFromQuery(params));
  const [page, tree, categories, tags, authors] = await Promise.all([
    findTemplates(ctx, filters.success ? filters.data : TEMPLATE_LIST_DEFAULTS),
    folderTree(ctx, "template"),
    findCategories(ctx, { group: "template" }),
    findTags(ctx),
    findTemplatesAuthors(ctx),
  ]);
  // Spec "Welcome tour": opens here until hasSeenWelcomeTour is set; its guided part adds a
  // template, so only for someone who may (docs/welcome-tour.md).
  const showWelcomeTour = can(ctx, "ManageTemplates") && !hasSeenWelcomeTour(me.metadata);
  return (
    <AppShell {...shell}>
      <TemplatesList
        canManage={can(ctx, "ManageTemplates")}
        folders={flattenTree(tree)}
        query={Object.fromEntries(params)}
        categories={categories.map((c) => ({ id: c.id, name: c.name }))}
        tags={tags.map((t) => ({ id: t.id, name: t.name }))}
        authors={authors}
        page={{ page: page.page, pages: page.pages, total: page.total }}
        templates={page.items.map((t) => ({
          id: t.id,
          name: t.name,
          published: t.published,
          format: t.format,
          fields: Array.isArray(t.variables) ? t.variables.length : 0,
          category: t.category?.name ?? null,
          folderId: t.folderId,
          folder: t.folder?.name ?? null,
          author: t.author ? `${t.author.firstName} ${t.author.lastName}`.trim() || t.author.email : null,
          createdAt: t.createdAt.toISOString(),
          updatedAt: t.updatedAt.toISOString(),
        }))}
      />
      {showWelcomeTour && <WelcomeTour afterTerms={!me.tos} />}
    </AppShell>
  );
}
