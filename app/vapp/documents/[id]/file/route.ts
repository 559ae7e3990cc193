import { getDocumentFileOperation } from "@/lib/documents/document-file-operations";
import { restRoute } from "@/lib/operations/rest";

/** Downloads a version (the latest without ?version=); ?inline=1 lets the browser show a PDF. */
export const GET = restRoute(getDocumentFileOperation, { withParams: true });
