import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { ChangePasswordForm } from "@/components/auth/change-password-form";

export default async function ChangePasswordPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const [{ token }, t] = await Promise.all([searchParams, getTranslations("auth.change")]);
  return (
    <AuthCard title={t("title")}>
      <ChangePasswordForm token={token ?? null} />
    </AuthCard>
  );
}
