import { getTranslations } from "next-intl/server";
import { TosModal } from "@/components/auth/tos-modal";
import { GlobalSearch } from "@/components/home/global-search";
import { AppShell } from "@/components/layout/app-shell";
import { requirePageAccount } from "@/lib/auth/require-page-account";
import { getShellProps } from "@/components/layout/shell-props";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const ctx = await requirePageAccount("/");
  const [{ me, current, shell }, t, tr] = await Promise.all([getShellProps(ctx), getTranslations("home"), getTranslations("roles")]);
  return (
    <AppShell {...shell}>
      <h1 className="text-2xl font-semibold">{t("title", { name: me.firstName || me.email })}</h1>
      {current ? (
        <div className="mt-2 space-y-1 text-zinc-600">
          <p>{t("workspace", { name: current.account.name })}</p>
          <p>{t("role", { role: tr.has(current.role.name as never) ? tr(current.role.name as never) : current.role.name })}</p>
        </div>
      ) : (
        <p className="mt-2 text-zinc-600">{t("noWorkspace")}</p>
      )}
      <div className="mt-6 flex flex-col gap-6">
        <GlobalSearch />
        <section aria-labelledby="expiring-title" className="max-w-2xl rounded-lg border border-zinc-200 bg-white p-4">
          <h2 id="expiring-title" className="font-semibold">{t("expiringTitle")}</h2>
          <p className="mt-1 text-sm text-zinc-600">{t("expiringEmpty")}</p>
        </section>
      </div>
      {!me.tos && <TosModal firstName={me.firstName || me.email} />}
    </AppShell>
  );
}
