import { documentFieldsSchema } from "@/lib/documents/create-document";
import { deleteDocuments, getDocument, updateDocument } from "@/lib/documents/update-document";
import { route } from "@/lib/http/route";

export const GET = route({ operation: "getDocument" }, async ({ ctx, params }) => getDocument(ctx, params.id));

export const PUT = route({ operation: "updateDocument", input: documentFieldsSchema }, async ({ ctx, params, input }) =>
  updateDocument(ctx, params.id, input),
);

export const DELETE = route({ operation: "deleteDocument" }, async ({ ctx, params }) => ({ ids: await deleteDocuments(ctx, [params.id]) }));
