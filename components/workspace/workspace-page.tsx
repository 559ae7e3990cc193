import type { ReactNode } from "react";
import { AppShell } from "@/components/layout/app-shell";
import { NotAllowed } from "@/components/layout/not-allowed";
import { getShellProps } from "@/components/layout/shell-props";
import type { AccountContext } from "@/lib/auth/context";
import { can, type Permission } from "@/lib/auth/permissions";
import { WorkspaceTabs } from "./workspace-tabs";

/** The frame of every workspace-settings screen, with the not-allowed state for other roles. */
export async function WorkspacePage({ ctx, permission, children }: { ctx: AccountContext; permission: Permission; children: ReactNode }) {
  const { shell } = await getShellProps(ctx);
  return (
    <AppShell {...shell}>
      {can(ctx, permission) ? (
        <div className="max-w-4xl">
          <WorkspaceTabs />
          {children}
        </div>
      ) : (
        <NotAllowed />
      )}
    </AppShell>
  );
}
