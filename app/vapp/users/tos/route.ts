import { restRoute } from "@/lib/operations/rest";
import { acceptTosOperation } from "@/lib/users/user-operations";

export const POST = restRoute(acceptTosOperation);
