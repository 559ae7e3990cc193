import { validateLink } from "@/lib/links/link-operations";
import { restRoute } from "@/lib/operations/rest";

export const dynamic = "force-dynamic";

/**
 * Opens a share link for a visitor without an account: {} then, for a secure link, { email }
 * and { email, code }. Public, but like every state-changing call it needs the CSRF token, which
 * an anonymous visitor gets from GET /vapp/auth/csrf (the page does that first). GraphQL `validateLink`.
 */
export const POST = restRoute(validateLink, { withParams: true });
