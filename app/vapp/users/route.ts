import { updateEmailSchema } from "@/lib/auth/schemas";
import { route } from "@/lib/http/route";
import { clearSessionCookies } from "@/lib/http/session-cookies";
import { deleteUser } from "@/lib/users/delete-user";
import { updateEmail } from "@/lib/users/update-email";

/** Changes the signed-in user's email. */
export const PUT = route({ operation: "updateEmail", input: updateEmailSchema }, ({ ctx, input }) => updateEmail(ctx, input));

/** Deletes the signed-in user and signs them out. */
export const DELETE = route({ operation: "deleteUser" }, async ({ ctx }) => clearSessionCookies(Response.json(await deleteUser(ctx))));
