import { restRoute } from "@/lib/operations/rest";
import { updatePasswordOperation } from "@/lib/users/user-operations";

/** Changes the signed-in user's password: `{ currentPassword, password }` → `{ done: true }` (GraphQL `updatePassword`). */
export const POST = restRoute(updatePasswordOperation);
