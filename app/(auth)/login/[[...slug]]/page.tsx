import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { Alert } from "@/components/ui/alert";
import { getAccountIdBySlug } from "@/lib/auth/get-account-id-by-slug";
import { isAppError } from "@/lib/errors/app-error";
import { localizedMessage } from "@/lib/http/error-response";
import { enterAccountBySlug } from "@/lib/accounts/enter-account-by-slug";
import { getPageContext } from "@/lib/auth/get-page-context";
import { isGoogleEnabled } from "@/lib/sign-in/next-auth-options";
import { appBaseUrl } from "@/lib/navigation/app-base-url";
import { safeRedirect } from "@/lib/navigation/safe-redirect";

export const dynamic = "force-dynamic";

const NOTICES = { verified: "login.verified", passwordChanged: "login.passwordChanged" } as const;

export default async function LoginPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug?: string[] }>;
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const [{ slug }, query, ctx, t, te, tc] = await Promise.all([
    params,
    searchParams,
    getPageContext(),
    getTranslations("auth"),
    getTranslations("errors"),
    getTranslations("common"),
  ]);
  // Signed in at a workspace's address (the sub-domain guard sends acme.<base> here): select it.
  if (slug?.[0] && ctx.userId) {
    // A path on the base only: a sub-domain address would come back here through the guard.
    const target = safeRedirect(query.redirect, appBaseUrl(), { allowSubdomains: false }) ?? "/";
    const entered = await enterAccountBySlug(ctx, slug[0]);
    if (entered.status === "entered") redirect(target);
    return (
      <AuthCard title={t("subdomain.title")}>
        <div className="flex flex-col gap-4">
          <Alert tone="info">
            {entered.status === "notMember"
              ? t("subdomain.notMember", { account: entered.account.name })
              : t("subdomain.unknown", { slug: slug[0] })}
          </Alert>
          {/* A plain link: next/link here would put its code into every sign-in screen's scripts (issue 15). */}
          <a
            href={target}
            className="inline-flex min-h-10 items-center justify-center rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
          >
            {t("subdomain.continue")}
          </a>
        </div>
      </AuthCard>
    );
  }
  let title = t("login.title");
  let error = query.error && te.has(query.error as never) ? te(query.error as never) : null;
  let workspaceSlug: string | null = null;
  if (slug?.[0]) {
    try {
      const account = await getAccountIdBySlug(slug[0]);
      title = t("login.ssoTitle", { account: account.name });
      workspaceSlug = slug[0].toLowerCase();
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
        slug={workspaceSlug}
        googleEnabled={isGoogleEnabled()}
        texts={{
          email: t("email"),
          password: t("password"),
          forgot: t("login.forgot"),
          submit: t("login.submit"),
          or: tc("or"),
          magicLink: t("login.magicLink"),
          // The form puts the address typed in place of the marker.
          magicSent: t("login.magicSent", { email: "{email}" }),
          google: t("login.google"),
          noAccount: t("login.noAccount"),
          signupLink: t("login.signupLink"),
          resendVerification: t("login.resendVerification"),
          verificationResent: t("login.verificationResent"),
          errors: { INTERNAL: te("INTERNAL"), NETWORK: te("NETWORK") },
        }}
      />
    </AuthCard>
  );
}
