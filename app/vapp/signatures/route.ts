import { addSignerOperation, signaturesOperation } from "@/lib/signatures/signature-operations";
import { restRoute } from "@/lib/operations/rest";

/** ?documentId=: the document's signers (reader) (GraphQL `signatures`). */
export const GET = restRoute(signaturesOperation);

/** Adds a signer to a document (editor) (GraphQL `addSigner`). */
export const POST = restRoute(addSignerOperation, { status: 201 });
