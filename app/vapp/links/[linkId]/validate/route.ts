import { validateDocumentLink } from "@/lib/links/validate-document-link";
import { validateLinkSchema } from "@/lib/links/schemas";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/**
 * Opens a share link for a visitor without an account: {} then, for a secure link, { email }
 * and { email, code }. Public, but like every state-changing call it needs the CSRF token, which
 * an anonymous visitor gets from GET /vapp/auth/csrf (the page does that first).
 */
export const POST = route({ operation: "validateLink", input: validateLinkSchema }, ({ ctx, params, input }) =>
  validateDocumentLink(ctx, params.linkId, input),
);
