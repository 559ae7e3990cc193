import { accountSamlSlug } from "@/lib/accounts/account-operations";
import { restRoute } from "@/lib/operations/rest";

/** The workspace of a sign-in address `/login/:slug`: `?slug=` → `{ id, name }` (GraphQL `accountSamlSlug`). */
export const GET = restRoute(accountSamlSlug);
