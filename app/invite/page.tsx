import { Link } from "@/components/ui/link";
import { getTranslations } from "next-intl/server";
import { InviteAccept } from "@/components/members/invite-accept";
import { Alert } from "@/components/ui/alert";
import { getInvitation } from "@/lib/accounts/accept-invitation";
import { getPageContext } from "@/lib/auth/get-page-context";
import { isAppError } from "@/lib/errors/app-error";
import { localizedMessage } from "@/lib/http/error-response";
import { getMe } from "@/lib/users/get-me";

export const dynamic = "force-dynamic";

async function loadInvitation(token: string | undefined) {
  if (!token) return { error: null };
  try {
    return { invitation: await getInvitation(token) };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { error };
  }
}

/** Accept an invitation (spec: no tracking, grey background). */
export default async function InvitePage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const [{ token }, ctx, t, tr] = await Promise.all([searchParams, getPageContext(), getTranslations("invite"), getTranslations("roles")]);
  const loaded = await loadInvitation(token);
  const me = ctx.userId ? await getMe(ctx) : null;
  const invitation = loaded.invitation;
  const role = invitation && (tr.has(invitation.role as never) ? tr(invitation.role as never) : invitation.role);
  return (
    <main className="flex min-h-screen items-center justify-center bg-zinc-200 px-4 py-10">
      <div className="w-full max-w-md rounded-xl bg-white p-6 shadow-sm sm:p-8">
        {invitation && token ? (
          <>
            <h1 className="mb-2 text-2xl font-semibold">{t("title", { account: invitation.accountName })}</h1>
            <p className="mb-6 text-zinc-600">{t("intro", { account: invitation.accountName, role: role ?? "" })}</p>
            <InviteAccept token={token} invitation={invitation} signedInEmail={me?.email ?? null} />
          </>
        ) : (
          <div className="flex flex-col gap-4">
            <h1 className="text-2xl font-semibold">{t("invalid")}</h1>
            <Alert tone="error">{loaded.error ? localizedMessage(loaded.error, ctx.locale) : t("invalid")}</Alert>
            <Link href="/login" className="font-medium text-brand-700 hover:underline">
              {t("signIn")}
            </Link>
          </div>
        )}
      </div>
    </main>
  );
}
