import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";

export default async function ForgotPasswordPage({ params }: { params: Promise<{ email?: string[] }> }) {
  const [{ email }, t] = await Promise.all([params, getTranslations("auth.forgot")]);
  return (
    <AuthCard title={t("title")}>
      <ForgotPasswordForm initialEmail={email?.[0] ? decodeURIComponent(email[0]) : ""} />
    </AuthCard>
  );
}
