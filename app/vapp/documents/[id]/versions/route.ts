import { findDocumentVersions, updateDocumentVersion } from "@/lib/documents/update-document";
import { readUpload } from "@/lib/http/read-upload";
import { route } from "@/lib/http/route";

export const GET = route({ operation: "findDocumentVersions" }, async ({ ctx, params }) => findDocumentVersions(ctx, params.id));

/** A new version from an upload (multipart `file`). */
export const POST = route({ operation: "updateDocumentVersion" }, async ({ ctx, params, req }) => {
  const { files } = await readUpload(req, "updateDocumentVersion");
  return updateDocumentVersion(ctx, params.id, files[0]);
});
