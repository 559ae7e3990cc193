import { deletePartyOperation, updatePartyOperation } from "@/lib/signatures/signature-operations";
import { restRoute } from "@/lib/operations/rest";

/** Renames or reorders a party (editor) (GraphQL `updateParty`). */
export const PATCH = restRoute(updatePartyOperation, { withParams: true });

/** Removes a party (editor) (GraphQL `deleteParty`). */
export const DELETE = restRoute(deletePartyOperation, { withParams: true });
