import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { ExpiringDocuments } from "@/components/home/expiring-documents";
import { GlobalSearch } from "@/components/home/global-search";
import { NextSteps } from "@/components/home/next-steps";
import { RequestAccountAccess } from "@/components/home/request-account-access";
import { WorkQueue, type WorkQueueData } from "@/components/home/work-queue";
import { SHELL_MESSAGES } from "@/lib/i18n/client-namespaces";
import { lastAccountAccessRequest, missingMainPermissions } from "@/lib/accounts/request-access";
import { AppShell } from "@/components/layout/app-shell";
import { requirePageAccount } from "@/lib/auth/require-page-account";
import { getShellProps } from "@/components/layout/shell-props";
import { expiringDocumentRows } from "@/lib/documents/expiring-documents";
import { loadNextSteps, nextStepsDismissed } from "@/lib/work-queue/next-steps";
import { DASHBOARD_WORK_QUEUE_PAGE, loadWorkQueue } from "@/lib/work-queue/work-queue";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const ctx = await requirePageAccount("/");
  const [{ me, current, shell }, t, tr, expiring, queue, nextSteps] = await Promise.all([
    getShellProps(ctx),
    getTranslations("home"),
    getTranslations("roles"),
    expiringDocumentRows(ctx),
    loadWorkQueue(ctx, { take: DASHBOARD_WORK_QUEUE_PAGE }),
    // What a new workspace does first, until done (one statement; none for a member who may take no step).
    loadNextSteps(ctx),
  ]);
  // A member whose role lacks a main permission may ask the administrators for more (docs/permissions.md).
  const lastAccessRequest = missingMainPermissions(ctx).length > 0 ? ((await lastAccountAccessRequest(ctx))?.toISOString() ?? "") : null;
  return (
    // Home sits above every other screen's folder, so its messages are declared here rather than in
    // a layout (components/i18n/client-messages.tsx).
    <ClientMessages namespaces={[...SHELL_MESSAGES, "home", "globalSearch", "documents.status"]}>
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
          <NextSteps steps={nextStepsDismissed(me.metadata) ? [] : nextSteps} />
          <GlobalSearch />
          {/* The client's shape: dates as ISO text, as the workQueue operation answers them. */}
          <WorkQueue initial={JSON.parse(JSON.stringify(queue)) as WorkQueueData} take={DASHBOARD_WORK_QUEUE_PAGE} />
          <ExpiringDocuments documents={expiring} locale={ctx.locale} />
          {lastAccessRequest !== null && <RequestAccountAccess lastRequestedAt={lastAccessRequest || null} />}
        </div>
      </AppShell>
    </ClientMessages>
  );
}
