import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { SignupForm } from "@/components/auth/signup-form";

export default async function SignupPage() {
  const t = await getTranslations("auth.signup");
  return (
    <AuthCard title={t("title")}>
      <SignupForm />
    </AuthCard>
  );
}
