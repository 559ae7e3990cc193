import { logout } from "@/lib/auth/logout";
import { route } from "@/lib/http/route";
import { clearSessionCookies } from "@/lib/http/session-cookies";

/** Ends the session; answers `false` when there was none to end. */
export const GET = route({ operation: "logout" }, async ({ ctx }) => {
  const ended = await logout(ctx);
  return clearSessionCookies(Response.json(ended, { headers: { "cache-control": "no-store" } }));
});
