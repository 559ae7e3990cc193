import { restRoute } from "@/lib/operations/rest";
import { sendVerifyEmailOperation } from "@/lib/users/user-operations";

export const POST = restRoute(sendVerifyEmailOperation, { withParams: true });
