import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { route } from "@/lib/http/route";
import { isGoogleEnabled, NEXT_AUTH_BASE } from "@/lib/auth/next-auth-options";

/**
 * Starts Google sign-in: next-auth wants a POST with its own CSRF token, so this page fetches
 * the token and submits the form at once.
 */
export const GET = route({ operation: "googleLogin" }, async () => {
  if (!isGoogleEnabled()) {
    throw new AppError(AppErrorCode.SIGN_IN_METHOD_UNAVAILABLE, { message: "Google sign-in is not configured." });
  }
  const html = `<!doctype html><html><body><form id="f" method="post" action="${NEXT_AUTH_BASE}/signin/google">
<input type="hidden" name="csrfToken" id="t"><input type="hidden" name="callbackUrl" value="/"></form>
<script>fetch("${NEXT_AUTH_BASE}/csrf").then(r=>r.json()).then(b=>{document.getElementById("t").value=b.csrfToken;document.getElementById("f").submit();});</script>
</body></html>`;
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
});
