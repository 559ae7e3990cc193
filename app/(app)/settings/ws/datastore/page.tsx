import { DataStoreEditor } from "@/components/workspace/data-store-editor";
import { WorkspacePage } from "@/components/workspace/workspace-page";
import { can } from "@/lib/auth/permissions";
import { requirePageAccount } from "@/lib/auth/require-page-account";
import { getDataStore } from "@/lib/datastore/data-store";

export const dynamic = "force-dynamic";

/** Global metadata: the workspace data store's variables, which every template can use. */
export default async function DataStorePage() {
  const ctx = await requirePageAccount("/settings/ws/datastore");
  const store = can(ctx, "ManageAccount") ? await getDataStore(ctx) : null;
  return (
    <WorkspacePage ctx={ctx} permission="ManageAccount">
      <DataStoreEditor
        variables={(store?.variables ?? []).map(({ name, type, value, description }) => ({
          name,
          type,
          value,
          description: description ?? "",
        }))}
      />
    </WorkspacePage>
  );
}
