import { forgotPasswordOperation } from "@/lib/sign-in/sign-in-operations";
import { restRoute } from "@/lib/operations/rest";

export const POST = restRoute(forgotPasswordOperation);
