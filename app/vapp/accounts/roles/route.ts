import { findAccountRoles } from "@/lib/accounts/find-account-roles";
import { route } from "@/lib/http/route";

export const GET = route({ operation: "accountRoles" }, ({ ctx }) => findAccountRoles(ctx));
