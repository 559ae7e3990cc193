import { upgradeContact } from "@/lib/accounts/account-operations";
import { restRoute } from "@/lib/operations/rest";

/** Where the upgrade prompt's "Upgrade now" leads for the caller: `{ plan, href, kind }` (docs/upgrade.md). */
export const GET = restRoute(upgradeContact);
