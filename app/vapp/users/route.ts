import { clearSessionCookies } from "@/lib/http/session-cookies";
import { restRoute } from "@/lib/operations/rest";
import { deleteUserOperation, updateEmailOperation, updateUserOperation } from "@/lib/users/user-operations";

/** Changes the signed-in user's email. */
export const PUT = restRoute(updateEmailOperation);

/** Changes the signed-in user's profile and preferences (GraphQL `updateUser`). */
export const PATCH = restRoute(updateUserOperation);

/** Deletes the signed-in user and signs them out. */
export const DELETE = restRoute(deleteUserOperation, { respond: (output) => clearSessionCookies(Response.json(output)) });
