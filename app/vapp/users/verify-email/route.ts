import { restRoute } from "@/lib/operations/rest";
import { verifyEmailOperation } from "@/lib/users/user-operations";

/** `?token=` of the emailed link → `{ id, email }`. */
export const GET = restRoute(verifyEmailOperation);
