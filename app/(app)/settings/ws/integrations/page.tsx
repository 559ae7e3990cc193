import { getTranslations } from "next-intl/server";
import { ApiTokensManager } from "@/components/workspace/api-tokens-manager";
import { WorkspacePage } from "@/components/workspace/workspace-page";
import { findAccountTokens } from "@/lib/accounts/account-tokens";
import { can } from "@/lib/auth/permissions";
import { requirePageAccount } from "@/lib/auth/require-page-account";

export const dynamic = "force-dynamic";

/** Workspace settings → Integrations. So far it holds the API tokens of the public API (/v1). */
export default async function WorkspaceIntegrationsPage() {
  const ctx = await requirePageAccount("/settings/ws/integrations");
  if (!can(ctx, "ManageTokens"))
    return (
      <WorkspacePage ctx={ctx} permission="ManageTokens">
        {null}
      </WorkspacePage>
    );
  const [tokens, t] = await Promise.all([findAccountTokens(ctx), getTranslations("integrations")]);
  return (
    <WorkspacePage ctx={ctx} permission="ManageTokens">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="mb-6 text-zinc-600">{t("intro")}</p>
      <ApiTokensManager
        tokens={tokens.map((token) => ({
          id: token.id,
          name: token.name,
          keyPrefix: token.keyPrefix,
          active: token.active,
          createdAt: token.createdAt.toISOString(),
          used: token.used,
          usedAt: token.usedAt?.toISOString() ?? null,
        }))}
      />
    </WorkspacePage>
  );
}
