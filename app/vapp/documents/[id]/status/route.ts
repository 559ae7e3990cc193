import { z } from "zod";
import { DOCUMENT_STATUSES } from "@/lib/documents/status";
import { updateDocumentStatus } from "@/lib/documents/update-document";
import { route } from "@/lib/http/route";

/** { newStatus } along the transition table. */
export const POST = route(
  { operation: "updateDocumentStatus", input: z.object({ newStatus: z.enum(DOCUMENT_STATUSES) }).strict() },
  async ({ ctx, params, input }) => updateDocumentStatus(ctx, params.id, input.newStatus),
);
