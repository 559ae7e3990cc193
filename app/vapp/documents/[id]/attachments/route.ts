import { addDocumentAttachment, findDocumentAttachments } from "@/lib/documents/attachments";
import { readUpload } from "@/lib/http/read-upload";
import { route } from "@/lib/http/route";

/** The files kept with the document (reader). */
export const GET = route({ operation: "attachments" }, async ({ ctx, params }) => ({
  items: await findDocumentAttachments(ctx, params.id),
}));

/** Attaches an annex: multipart `file` (editor). */
export const POST = route({ operation: "createAttachment" }, async ({ ctx, params, req }) => {
  const { files } = await readUpload(req, "createAttachment");
  return addDocumentAttachment(ctx, params.id, files[0]);
});
