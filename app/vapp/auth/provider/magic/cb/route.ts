import { tokenQuerySchema } from "@/lib/sign-in/schemas";
import { signInWithMagicLink } from "@/lib/sign-in/sign-in-with-magic-link";
import { isAppError } from "@/lib/errors/app-error";
import { route } from "@/lib/http/route";
import { withSessionCookies } from "@/lib/http/session-cookies";
import { appBaseUrl } from "@/lib/navigation/app-base-url";
import { safeRedirect } from "@/lib/navigation/safe-redirect";

/** The emailed link lands here: sign in and go to the stored redirect, or back to login with the reason. */
export const GET = route({ operation: "magicLinkCallback" }, async ({ ctx, req }) => {
  const parsed = tokenQuerySchema.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  const location = (path: string) => new URL(path, req.url).toString();
  if (!parsed.success) return Response.redirect(location("/login?error=TOKEN_INVALID"), 303);
  try {
    const { session, redirect } = await signInWithMagicLink(ctx, parsed.data.token);
    // Checked again here: a link issued before the redirect rules tightened may hold anything.
    const target = safeRedirect(redirect, appBaseUrl()) ?? "/";
    const response = new Response(null, { status: 303, headers: { location: location(target) } });
    return withSessionCookies(response, session);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return Response.redirect(location(`/login?error=${error.code}`), 303);
  }
});
