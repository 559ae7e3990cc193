import { transferDocumentOwnership, transferOwnershipSchema } from "@/lib/documents/policies";
import { route } from "@/lib/http/route";

/** Hands the document over (owner): { userId } becomes owner, the caller's owner policy becomes editor. */
export const POST = route({ operation: "transferDocumentOwnership", input: transferOwnershipSchema }, ({ ctx, params, input }) =>
  transferDocumentOwnership(ctx, params.id, input.userId),
);
