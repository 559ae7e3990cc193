import { AppShell } from "@/components/layout/app-shell";
import { NotAllowed } from "@/components/layout/not-allowed";
import { getShellProps } from "@/components/layout/shell-props";
import { DocumentsList } from "@/components/documents/documents-list";
import { can } from "@/lib/auth/permissions";
import { requirePageAccount } from "@/lib/auth/require-page-account";
import { documentListSchema } from "@/lib/documents/document-list-sql";
import { documentListFromQuery, listParams } from "@/lib/documents/list-query";
import { loadDocumentList } from "@/lib/documents/load-document-list";

export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

/**
 * The repository (spec /docs): 25 a page, sortable, filtered by status, category, tag, folder,
 * author, dates and words; the filters live in the address, so entering from the menu starts
 * from the cleared 'all' view. Each row carries the caller's role, for its context menu. The data
 * comes from one service, loadDocumentList.
 */
export default async function DocumentsPage({ searchParams }: { searchParams: Search }) {
  const ctx = await requirePageAccount("/docs");
  if (!can(ctx, ["ViewDocuments", "ManageDocuments"])) {
    const { shell } = await getShellProps(ctx);
    return (
      <AppShell {...shell}>
        <NotAllowed />
      </AppShell>
    );
  }
  const raw = await searchParams;
  const params = listParams(raw);
  // A hand-edited address with a bad filter shows the cleared list rather than an error page
  // (the service's own parse throws a ZodError, not an AppError, so it is checked here first).
  const filters = documentListSchema.safeParse(documentListFromQuery(params));
  const [{ shell }, list] = await Promise.all([getShellProps(ctx), loadDocumentList(ctx, filters.success ? filters.data : {})]);
  return (
    <AppShell {...shell}>
      <DocumentsList
        canManage={list.canManage}
        folders={list.folders}
        categories={list.categories}
        tags={list.tags}
        authors={list.authors}
        query={Object.fromEntries(params)}
        page={list.page}
        documents={list.documents}
      />
    </AppShell>
  );
}
