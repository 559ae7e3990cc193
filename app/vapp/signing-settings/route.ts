import { restRoute } from "@/lib/operations/rest";
import { setSignProcessOperation, signingSettingsOperation } from "@/lib/signatures/signature-operations";

/** ?documentId=: signProcess and signAfterApproval (reader) (GraphQL `signingSettings`). */
export const GET = restRoute(signingSettingsOperation);

/** Sets signProcess (editor) (GraphQL `setSignProcess`). */
export const PUT = restRoute(setSignProcessOperation);
