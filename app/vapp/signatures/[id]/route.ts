import { removeSignerOperation, updateSignerOperation } from "@/lib/signatures/signature-operations";
import { restRoute } from "@/lib/operations/rest";

/** Changes a signer (editor) (GraphQL `updateSigner`). */
export const PATCH = restRoute(updateSignerOperation, { withParams: true });

/** Removes a signer (editor) (GraphQL `removeSigner`). */
export const DELETE = restRoute(removeSignerOperation, { withParams: true });
