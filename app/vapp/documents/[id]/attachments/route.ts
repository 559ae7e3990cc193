import { attachmentsOperation, createAttachmentOperation } from "@/lib/documents/attachment-operations";
import { restRoute } from "@/lib/operations/rest";

/** The files kept with the document (reader) (GraphQL `attachments`). */
export const GET = restRoute(attachmentsOperation, { withParams: true });

/** Attaches an annex: multipart `file` (editor) (GraphQL `createAttachment`). */
export const POST = restRoute(createAttachmentOperation, { withParams: true });
