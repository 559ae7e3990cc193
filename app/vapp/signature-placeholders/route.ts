import { restRoute } from "@/lib/operations/rest";
import { saveSignaturePlaceholdersOperation, signaturePlaceholdersOperation } from "@/lib/signatures/signature-operations";

/** ?documentId=: the boxes on the pages (reader) (GraphQL `signaturePlaceholders`). */
export const GET = restRoute(signaturePlaceholdersOperation);

/** Replaces the boxes (editor) (GraphQL `saveSignaturePlaceholders`). */
export const PUT = restRoute(saveSignaturePlaceholdersOperation);
