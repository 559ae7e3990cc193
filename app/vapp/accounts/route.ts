import { getAccountView } from "@/lib/accounts/get-account";
import { route } from "@/lib/http/route";

/** The account named by the account header (or the caller's current one). */
export const GET = route({ operation: "getAccount" }, ({ ctx }) => getAccountView(ctx));
