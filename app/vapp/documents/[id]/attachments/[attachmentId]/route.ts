import { deleteAttachmentOperation, getAttachmentFileOperation } from "@/lib/documents/attachment-operations";
import { restRoute } from "@/lib/operations/rest";

/** Downloads an attachment (reader); ?inline=1 lets the browser show a PDF or an image. */
export const GET = restRoute(getAttachmentFileOperation, { withParams: true });

/** Removes an annex (editor); the file of a field stays (GraphQL `deleteAttachment`). */
export const DELETE = restRoute(deleteAttachmentOperation, { withParams: true });
