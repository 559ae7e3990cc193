import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { getAccountIdBySlug } from "@/lib/accounts/get-account-id-by-slug";
import { isAppError } from "@/lib/errors/app-error";
import { localizedMessage } from "@/lib/http/error-response";
import { getPageContext } from "@/lib/auth/get-page-context";
import { isGoogleEnabled } from "@/lib/auth/next-auth-options";

export const dynamic = "force-dynamic";

const NOTICES = { verified: "login.verified", passwordChanged: "login.passwordChanged" } as const;

export default async function LoginPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug?: string[] }>;
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const [{ slug }, query, ctx, t, te] = await Promise.all([
    params,
    searchParams,
    getPageContext(),
    getTranslations("auth"),
    getTranslations("errors"),
  ]);
  let title = t("login.title");
  let error = query.error && te.has(query.error as never) ? te(query.error as never) : null;
  if (slug?.[0]) {
    try {
      const account = await getAccountIdBySlug(slug[0]);
      title = t("login.ssoTitle", { account: account.name });
    } catch (failure) {
      if (!isAppError(failure)) throw failure;
      error = localizedMessage(failure, ctx.locale);
    }
  }
  const noticeKey = query.notice && query.notice in NOTICES ? NOTICES[query.notice as keyof typeof NOTICES] : null;
  return (
    <AuthCard title={title}>
      <LoginForm
        initialError={error}
        notice={noticeKey ? t(noticeKey) : null}
        redirect={query.redirect ?? null}
        googleEnabled={isGoogleEnabled()}
      />
    </AuthCard>
  );
}
