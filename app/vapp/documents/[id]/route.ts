import { deleteDocumentOperation, getDocumentOperation, updateDocumentOperation } from "@/lib/documents/document-operations";
import { restRoute } from "@/lib/operations/rest";

/** One document with the caller's role, abilities, health and lock (GraphQL `document`). */
export const GET = restRoute(getDocumentOperation, { withParams: true });

/** Changes the document's details; what is not given is kept (GraphQL `updateDocument`). */
export const PUT = restRoute(updateDocumentOperation, { withParams: true });

/** Deletes the document: { ids } (GraphQL `deleteDocument`). */
export const DELETE = restRoute(deleteDocumentOperation, { withParams: true });
