import { forgotPasswordOperation } from "@/lib/auth/auth-operations";
import { restRoute } from "@/lib/operations/rest";

export const POST = restRoute(forgotPasswordOperation);
