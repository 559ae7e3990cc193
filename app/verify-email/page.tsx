import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { VerifyEmailStatus } from "@/components/auth/verify-email-status";

export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const [{ token }, t] = await Promise.all([searchParams, getTranslations("auth.verify")]);
  return (
    <AuthCard title={t("title")}>
      <VerifyEmailStatus token={token ?? null} />
    </AuthCard>
  );
}
