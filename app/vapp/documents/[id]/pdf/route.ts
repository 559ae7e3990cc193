import { getDocumentPdfOperation } from "@/lib/documents/document-file-operations";
import { restRoute } from "@/lib/operations/rest";

/** A version as PDF (Word versions through LibreOffice when it is installed). */
export const GET = restRoute(getDocumentPdfOperation, { withParams: true });
