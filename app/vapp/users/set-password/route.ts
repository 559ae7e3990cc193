import { restRoute } from "@/lib/operations/rest";
import { setPasswordOperation } from "@/lib/users/user-operations";

export const POST = restRoute(setPasswordOperation);
