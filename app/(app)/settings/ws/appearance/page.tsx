import { AppearanceForm } from "@/components/workspace/appearance-form";
import { BrandImages } from "@/components/workspace/brand-images";
import { WorkspacePage } from "@/components/workspace/workspace-page";
import { getAccount } from "@/lib/accounts/get-account";
import { can } from "@/lib/auth/permissions";
import { requirePageAccount } from "@/lib/auth/require-page-account";

export const dynamic = "force-dynamic";

export default async function AppearancePage() {
  const ctx = await requirePageAccount("/settings/ws/appearance");
  const account = can(ctx, "ManageAccount") ? await getAccount(ctx) : null;
  const brand = (account?.brand ?? {}) as { primaryColor?: string | null; avatar?: string; logo?: string; altLogo?: string };
  return (
    <WorkspacePage ctx={ctx} permission="ManageAccount">
      {account && (
        <div className="flex flex-col gap-6">
          <AppearanceForm primaryColor={brand.primaryColor ?? null} brandingAllowed={ctx.capabilities.has("brandingColors")} />
          <BrandImages images={{ avatar: brand.avatar ?? null, logo: brand.logo ?? null, altLogo: brand.altLogo ?? null }} />
        </div>
      )}
    </WorkspacePage>
  );
}
