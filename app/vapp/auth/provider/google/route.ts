import { AppError, AppErrorCode } from "@/lib/errors/app-error";
import { route } from "@/lib/http/route";
import { nonceOf } from "@/lib/http/security-headers";
import { isGoogleEnabled, NEXT_AUTH_BASE } from "@/lib/sign-in/next-auth-options";

/**
 * Starts Google sign-in: next-auth wants a POST with its own CSRF token, so this page fetches
 * the token and submits the form at once. proxy.ts serves it under the page policy; its script
 * carries that policy's nonce, which the proxy also put on the request.
 */
export const GET = route({ operation: "googleLogin" }, async ({ req }) => {
  if (!isGoogleEnabled()) {
    throw new AppError(AppErrorCode.SIGN_IN_METHOD_UNAVAILABLE, { message: "Google sign-in is not configured." });
  }
  const nonce = nonceOf(req.headers.get("content-security-policy"));
  const html = `<!doctype html><html><body><form id="f" method="post" action="${NEXT_AUTH_BASE}/signin/google">
<input type="hidden" name="csrfToken" id="t"><input type="hidden" name="callbackUrl" value="/"></form>
<script${nonce ? ` nonce="${nonce}"` : ""}>fetch("${NEXT_AUTH_BASE}/csrf").then(r=>r.json()).then(b=>{document.getElementById("t").value=b.csrfToken;document.getElementById("f").submit();});</script>
</body></html>`;
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
});
