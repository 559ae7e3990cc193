import { deleteLinkCommentOperation, updateLinkCommentOperation } from "@/lib/links/visitor-operations";
import { restRoute } from "@/lib/operations/rest";

export const dynamic = "force-dynamic";

/** Edits the text of a comment the visitor wrote through this link: { body }. */
export const PATCH = restRoute(updateLinkCommentOperation, { withParams: true });

/** Deletes a comment the visitor wrote through this link, with its replies. */
export const DELETE = restRoute(deleteLinkCommentOperation, { withParams: true });
