import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { LogoutRunner } from "@/components/auth/logout-runner";

export default async function LogoutPage({ searchParams }: { searchParams: Promise<{ redirect?: string }> }) {
  const [{ redirect }, t] = await Promise.all([searchParams, getTranslations("auth.logout")]);
  return (
    <AuthCard title={t("title")}>
      <LogoutRunner redirect={redirect ?? null} />
    </AuthCard>
  );
}
