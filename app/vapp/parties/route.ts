import { createPartyOperation, partiesOperation } from "@/lib/signatures/signature-operations";
import { restRoute } from "@/lib/operations/rest";

/** ?documentId=: the document's parties (reader) (GraphQL `parties`). */
export const GET = restRoute(partiesOperation);

/** Adds a party (editor) (GraphQL `createParty`). */
export const POST = restRoute(createPartyOperation, { status: 201 });
