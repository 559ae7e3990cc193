import "server-only";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { ShellFrame } from "@/components/layout/app-shell";
import { getShellProps } from "@/components/layout/shell-props";
import { getShellTexts } from "@/components/layout/shell-texts";
import type { AuthedContext } from "@/lib/auth/context";
import { SettingsTabs } from "./settings-tabs";

/**
 * What the frame of a user-settings screen shows, read with one await: the shell's props and
 * words and the tabs' labels. The page awaits it beside its own data and renders SettingsPage,
 * which waits for nothing: React then renders the whole screen in one pass and streams it in one
 * piece, rather than one pass per component that waits (issue 15).
 */
export async function getSettingsFrame(ctx: AuthedContext) {
  const [{ shell }, texts, t] = await Promise.all([getShellProps(ctx), getShellTexts(), getTranslations("settings")]);
  const tabs = { tabs: t("tabs"), title: t("title"), profile: t("profile"), security: t("security"), preferences: t("preferences") };
  return { shell, texts, tabs };
}

/** The frame of every user-settings screen. */
export function SettingsPage({ frame, children }: { frame: Awaited<ReturnType<typeof getSettingsFrame>>; children: ReactNode }) {
  return (
    <ShellFrame {...frame.shell} texts={frame.texts}>
      <div className="max-w-2xl">
        <SettingsTabs texts={frame.tabs} />
        {children}
      </div>
    </ShellFrame>
  );
}
