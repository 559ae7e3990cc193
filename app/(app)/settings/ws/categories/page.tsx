import { CategoriesManager } from "@/components/workspace/categories-manager";
import { WorkspacePage } from "@/components/workspace/workspace-page";
import { findCategories } from "@/lib/categories/find-categories";
import { can } from "@/lib/auth/permissions";
import { requirePageAccount } from "@/lib/auth/require-page-account";

export const dynamic = "force-dynamic";

export default async function CategoriesPage() {
  const ctx = await requirePageAccount("/settings/ws/categories");
  const categories = can(ctx, "ManageCategories") ? await findCategories(ctx, { includeHidden: true }) : [];
  return (
    <WorkspacePage ctx={ctx} permission="ManageCategories">
      <CategoriesManager categories={categories.map(({ id, name, group, hidden, global }) => ({ id, name, group, hidden, global }))} />
    </WorkspacePage>
  );
}
