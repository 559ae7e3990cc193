import "server-only";
import type { AuthedContext } from "@/lib/auth/context";
import { can, type Permission } from "@/lib/auth/permissions";
import { AppShell } from "./app-shell";
import { NotAllowed } from "./not-allowed";
import { getShellProps } from "./shell-props";

/**
 * The shell of a screen that needs any of `permissions`, and, when the caller has none, the
 * finished not-allowed screen to return before loading anything else.
 */
export async function guardedPage(ctx: AuthedContext, permissions: Permission[]) {
  const { shell } = await getShellProps(ctx);
  const denied = can(ctx, permissions) ? null : (
    <AppShell {...shell}>
      <NotAllowed />
    </AppShell>
  );
  return { shell, denied };
}
