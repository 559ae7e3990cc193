import { remindSignerOperation } from "@/lib/signatures/signature-operations";
import { restRoute } from "@/lib/operations/rest";

/** Reminds one signer now with the link they already hold (editor) (GraphQL `remindSigner`). */
export const POST = restRoute(remindSignerOperation, { withParams: true });
