import { restRoute } from "@/lib/operations/rest";
import { downloadSealedDocumentOperation } from "@/lib/sealing/sealing-operations";

/** A signer's download of the sealed copy: the emailed link carries their token in ?signed=. */
export const GET = restRoute(downloadSealedDocumentOperation);
