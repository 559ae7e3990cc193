import { deleteDocumentLink, updateDocumentLink } from "@/lib/links/document-links";
import { updateLinkSchema } from "@/lib/links/schemas";
import { route } from "@/lib/http/route";

/** Updates a link's settings (context menu "Update settings"). */
export const PUT = route({ operation: "updateLink", input: updateLinkSchema }, ({ ctx, params, input }) =>
  updateDocumentLink(ctx, params.linkId, input),
);

/** Removes a link (context menu "Remove"). */
export const DELETE = route({ operation: "deleteLink" }, async ({ ctx, params }) => ({ id: await deleteDocumentLink(ctx, params.linkId) }));
