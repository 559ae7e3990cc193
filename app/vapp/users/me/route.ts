import { restRoute } from "@/lib/operations/rest";
import { me } from "@/lib/users/user-operations";

/** The signed-in user with their active memberships (GraphQL `me`). */
export const GET = restRoute(me);
