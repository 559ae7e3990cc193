import { restRoute } from "@/lib/operations/rest";
import { verifySealedPdfOperation } from "@/lib/sealing/sealing-operations";

/** The public check of a PDF behind /verify: multipart, one `file`. */
export const POST = restRoute(verifySealedPdfOperation, { headers: { "cache-control": "no-store" } });
