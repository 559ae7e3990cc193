import { getUpgradeContact } from "@/lib/accounts/get-upgrade-contact";
import { route } from "@/lib/http/route";

/** Where the upgrade prompt's "Upgrade now" leads for the caller: `{ plan, href, kind }` (docs/upgrade.md). */
export const GET = route({ operation: "getUpgradeContact" }, ({ ctx }) => getUpgradeContact(ctx));
