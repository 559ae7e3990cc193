import type { ReactNode } from "react";
import { AppShell } from "@/components/layout/app-shell";
import { getShellProps } from "@/components/layout/shell-props";
import type { AuthedContext } from "@/lib/auth/context";
import { SettingsTabs } from "./settings-tabs";

/** The frame of every user-settings screen. */
export async function SettingsPage({ ctx, children }: { ctx: AuthedContext; children: ReactNode }) {
  const { shell } = await getShellProps(ctx);
  return (
    <AppShell {...shell}>
      <div className="max-w-2xl">
        <SettingsTabs />
        {children}
      </div>
    </AppShell>
  );
}
