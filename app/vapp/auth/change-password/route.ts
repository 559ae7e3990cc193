import { changePasswordOperation } from "@/lib/sign-in/sign-in-operations";
import { restRoute } from "@/lib/operations/rest";

/** Sets a new password with the emailed reset token: `{ token, password }` → `{ done: true }`. */
export const POST = restRoute(changePasswordOperation);
