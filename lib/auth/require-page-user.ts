import "server-only";
import { redirect } from "next/navigation";
import type { AuthedContext } from "./context";
import { getPageContext } from "./get-page-context";

/**
 * For protected pages: the context of a signed-in user, or off to /logout (which clears a stale
 * cookie) and then to login with `path` kept as the redirect.
 */
export async function requirePageUser(path: string): Promise<AuthedContext> {
  const ctx = await getPageContext();
  if (!ctx.userId) redirect(`/logout?redirect=${encodeURIComponent(path)}`);
  return ctx as AuthedContext;
}
