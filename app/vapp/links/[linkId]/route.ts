import { deleteLink, updateLink } from "@/lib/links/link-operations";
import { restRoute } from "@/lib/operations/rest";

/** Updates a link's settings (context menu "Update settings"; GraphQL `updateLink`). */
export const PUT = restRoute(updateLink, { withParams: true });

/** Removes a link (context menu "Remove"; GraphQL `deleteLink`). */
export const DELETE = restRoute(deleteLink, { withParams: true });
