import { getTranslations } from "next-intl/server";
import { TosModal } from "@/components/auth/tos-modal";
import { AppShell } from "@/components/layout/app-shell";
import { requirePageUser } from "@/lib/auth/require-page-user";
import { getMe } from "@/lib/users/get-me";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const ctx = await requirePageUser("/");
  const [me, t, tr] = await Promise.all([getMe(ctx), getTranslations("home"), getTranslations("roles")]);
  const current = me.policies.find((policy) => policy.accountId === ctx.accountId) ?? null;
  return (
    <AppShell user={me} accountName={current?.account.name ?? null}>
      <h1 className="text-2xl font-semibold">{t("title", { name: me.firstName || me.email })}</h1>
      {current ? (
        <div className="mt-2 space-y-1 text-zinc-600">
          <p>{t("workspace", { name: current.account.name })}</p>
          <p>{t("role", { role: tr.has(current.role.name as never) ? tr(current.role.name as never) : current.role.name })}</p>
        </div>
      ) : (
        <p className="mt-2 text-zinc-600">{t("noWorkspace")}</p>
      )}
      {!me.tos && <TosModal firstName={me.firstName || me.email} />}
    </AppShell>
  );
}
