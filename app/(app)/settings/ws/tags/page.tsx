import { TagsManager } from "@/components/workspace/tags-manager";
import { WorkspacePage } from "@/components/workspace/workspace-page";
import { findTagsWithUsage } from "@/lib/tags/tags";
import { can } from "@/lib/auth/permissions";
import { requirePageAccount } from "@/lib/auth/require-page-account";

export const dynamic = "force-dynamic";

export default async function TagsPage() {
  const ctx = await requirePageAccount("/settings/ws/tags");
  const tags = can(ctx, "ManageTags") ? await findTagsWithUsage(ctx) : [];
  return (
    <WorkspacePage ctx={ctx} permission="ManageTags">
      <TagsManager tags={tags.map(({ id, name, color, count }) => ({ id, name, color, count }))} />
    </WorkspacePage>
  );
}
