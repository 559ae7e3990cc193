import "server-only";
import { redirect } from "next/navigation";
import { currentPagePath } from "@/lib/navigation/current-page-path";
import type { AuthedContext } from "./context";
import { getPageContext } from "./get-page-context";

/**
 * For protected pages: the context of a signed-in user, or off to /logout (which clears a stale
 * cookie) and then to login with the page's real path and query kept as the redirect (as
 * proxy.ts forwards it; `path`, the page's own path, when it did not).
 */
export async function requirePageUser(path: string): Promise<AuthedContext> {
  const ctx = await getPageContext();
  if (!ctx.userId) redirect(`/logout?redirect=${encodeURIComponent(await currentPagePath(path))}`);
  return ctx as AuthedContext;
}
