import { getMe } from "@/lib/users/get-me";
import { route } from "@/lib/http/route";

/** The current session: the user and the account in use, or { user: null } when signed out. */
export const GET = route({ operation: "session" }, async ({ ctx }) => {
  if (!ctx.userId) return Response.json({ user: null }, { headers: { "cache-control": "no-store" } });
  const user = await getMe(ctx);
  return Response.json(
    { user, accountId: ctx.accountId, role: ctx.role, permissions: [...ctx.permissions], via: ctx.via },
    { headers: { "cache-control": "no-store" } },
  );
});
