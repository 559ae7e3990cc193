import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { CreateAccountForm } from "@/components/auth/create-account-form";
import { isMultiAccountEnabled } from "@/lib/accounts/create-account-for-user";
import { requirePageUser } from "@/lib/auth/require-page-user";

export const dynamic = "force-dynamic";

/** Account creation: someone who already has a workspace goes home unless multi-account is on. */
export default async function CreateAccountPage({ searchParams }: { searchParams: Promise<{ redirect?: string }> }) {
  const ctx = await requirePageUser("/create-account");
  if (ctx.accountId && ctx.permissions.size > 0 && !isMultiAccountEnabled()) redirect("/");
  const [{ redirect: target }, t] = await Promise.all([searchParams, getTranslations("createAccount")]);
  return (
    <AuthCard title={t("title")}>
      <CreateAccountForm redirect={target ?? "/"} />
    </AuthCard>
  );
}
